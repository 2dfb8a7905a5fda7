import type { PostgresEngine } from '../postgres/database.ts';
import type { Engine } from '../sqlite/database.ts';
import { type Counters, readCounters, versionString } from './counters.ts';

/**
 * Every version the storefront's answers depend on, in one short string: the counters of the
 * catalogue, its stock and the category documents (and forced rebuilds, and the settings), which
 * move in the same transaction as the change ("catalog=3,documents=1,rebuild=0,settings=2,stock=9"
 * on both databases). It runs before every cached answer, so it must be cheap.
 */
export function localContentVersion(
  store: Engine | PostgresEngine,
  counters: Counters = readCounters(store),
): () => Promise<string> {
  return store.dialect === 'sqlite' ? sqliteContentVersion(store) : postgresContentVersion(counters);
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

/** From the counters (counters.ts): a round trip, or memory where they are cached (counter-cache.ts). */
function postgresContentVersion(counters: Counters): () => Promise<string> {
  return async () => versionString(await counters.read());
}
