import { up as initial } from './001-initial.ts';
import { up as orderAccess } from './002-order-access.ts';

/** Ordered migrations; a name once released never changes. */
export const MIGRATIONS: ReadonlyArray<{ name: string; up: readonly string[] }> = [
  { name: '001-initial', up: initial },
  { name: '002-order-access', up: orderAccess },
];
