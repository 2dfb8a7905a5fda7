import type Database from 'better-sqlite3';
import { up as initial } from './001-initial.ts';
import { up as orderAccess } from './002-order-access.ts';
import { backfill as fillTitleKeys, up as titleKey } from './003-title-key.ts';
import { backfill as greekNameOrder, up as greekNameOrderUp } from './004-greek-name-order.ts';
import { up as rateLimits } from './005-rate-limits.ts';
import { backfill as fillSessionIds, up as sessionDetails } from './006-session-details.ts';

export type Migration = {
  name: string;
  up: readonly string[];
  /** Data changes SQL alone cannot make, run in the same transaction after `up`. */
  backfill?: (sqlite: Database.Database) => void;
};

/** Ordered migrations; a name once released never changes. */
export const MIGRATIONS: readonly Migration[] = [
  { name: '001-initial', up: initial },
  { name: '002-order-access', up: orderAccess },
  { name: '003-title-key', up: titleKey, backfill: fillTitleKeys },
  { name: '004-greek-name-order', up: greekNameOrderUp, backfill: greekNameOrder },
  { name: '005-rate-limits', up: rateLimits },
  { name: '006-session-details', up: sessionDetails, backfill: fillSessionIds },
];
