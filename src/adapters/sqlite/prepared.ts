import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

/** Statements kept per connection; Kysely's queries vary (lists of ids), so the cache is bounded. */
const STATEMENTS_PER_CONNECTION = 1_000;

const byConnection = new WeakMap<Database.Database, LRUCache<string, Database.Statement>>();

/**
 * The statement for `sql` on this connection, prepared on first use and reused after: preparing
 * costs more than running most of the shop's statements (a profile of product pages under load put
 * a third of the database time in `prepare`). better-sqlite3 statements run to completion
 * synchronously, so sharing one is safe (nothing here streams). Kysely's queries (database.ts) and
 * the hot paths written as plain SQL (order placement, the cart read) share this one cache.
 */
export function prepared<Row = unknown>(
  sqlite: Database.Database,
  sql: string,
): Database.Statement<unknown[], Row> {
  let statements = byConnection.get(sqlite);
  if (!statements) {
    statements = new LRUCache({ max: STATEMENTS_PER_CONNECTION });
    byConnection.set(sqlite, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    statements.set(sql, statement);
  }
  return statement as Database.Statement<unknown[], Row>;
}
