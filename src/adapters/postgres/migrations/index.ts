import * as shopTables from './001-shop-tables.ts';
import * as counters from './002-counters.ts';

/** PostgreSQL's migrations in order; each runs once, in its own transaction (migrate.ts). */
export const MIGRATIONS: ReadonlyArray<{ name: string; up: string }> = [
  { name: '001-shop-tables', up: shopTables.up },
  { name: '002-counters', up: counters.up },
];
