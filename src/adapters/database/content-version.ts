import { sql } from 'kysely';
import type { PostgresEngine } from '../postgres/database.ts';
import type { Engine } from '../sqlite/database.ts';

/**
 * Every version the storefront's answers depend on, in one short string: the counters of the
 * catalogue, its stock and the category documents (and forced rebuilds, and the settings), which
 * move in the same transaction as the change ("catalog=3,documents=1,rebuild=0,settings=2,stock=9"
 * on both databases). It runs before every cached answer, so it must be cheap.
 */
export function localContentVersion(store: Engine | PostgresEngine): () => Promise<string> {
  return store.dialect === 'sqlite' ? sqliteContentVersion(store) : postgresContentVersion(store);
}

/**
 * It never sees a transaction of this process that has not committed yet: while one is open on
 * the connection, the read waits for Kysely's connection lock, which that transaction holds.
 * Otherwise it reads at once (a few microseconds): the lock's promises cost more than the read.
 */
function sqliteContentVersion({ db, sqlite }: Engine): () => Promise<string> {
  const read = sqlite
    .prepare(
      "SELECT group_concat(name || '=' || value, ',') FROM (SELECT name, value FROM counters ORDER BY name)",
    )
    .pluck();
  const readNow = () => String(read.get());
  return () =>
    sqlite.inTransaction ? db.connection().execute(async () => readNow()) : Promise.resolve(readNow());
}

/**
 * One round trip on a pooled connection, which sees what every instance committed and nothing
 * that is not committed yet. The query is compiled once.
 */
function postgresContentVersion({ db }: PostgresEngine): () => Promise<string> {
  const query = db
    .selectFrom('counters')
    .select(sql<string>`string_agg(name || '=' || value, ',' ORDER BY name)`.as('version'))
    .compile();
  return async () => String((await db.executeQuery(query)).rows[0]?.version);
}
