import type { Engine } from './database.ts';

/**
 * Every version the storefront's answers depend on, in one short string: the counters of the
 * catalogue, its stock and the category documents (and forced rebuilds), moved by triggers in
 * the same transaction as the change. It never sees a transaction of this process that has not
 * committed yet: while one is open on the connection, the read waits for Kysely's connection lock,
 * which that transaction holds. Otherwise it reads at once (a few microseconds): it runs before
 * every cached answer, and the lock's promises cost more than the read.
 */
export function localContentVersion({ db, sqlite }: Engine): () => Promise<string> {
  const read = sqlite
    .prepare(
      "SELECT group_concat(name || '=' || value, ',') FROM (SELECT name, value FROM counters ORDER BY name)",
    )
    .pluck();
  const readNow = () => String(read.get());
  return () =>
    sqlite.inTransaction ? db.connection().execute(async () => readNow()) : Promise.resolve(readNow());
}
