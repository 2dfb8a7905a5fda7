import { up as initial } from './001-initial.ts';

/** Ordered migrations; a name once released never changes. */
export const MIGRATIONS: ReadonlyArray<{ name: string; up: readonly string[] }> = [
  { name: '001-initial', up: initial },
];
