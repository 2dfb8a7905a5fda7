import type Database from 'better-sqlite3';

const byConnection = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The statement for `sql` on this connection, prepared on first use and reused after: preparing
 * costs more than running most of the shop's statements. better-sqlite3 statements run to
 * completion synchronously, so sharing one is safe. For the hot paths written as plain SQL (order
 * placement, the cart read); Kysely keeps its own cache (database.ts).
 */
export function prepared<Row = unknown>(
  sqlite: Database.Database,
  sql: string,
): Database.Statement<unknown[], Row> {
  let statements = byConnection.get(sqlite);
  if (!statements) {
    statements = new Map();
    byConnection.set(sqlite, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    statements.set(sql, statement);
  }
  return statement as Database.Statement<unknown[], Row>;
}
