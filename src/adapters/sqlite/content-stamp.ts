import type { Engine } from './database.ts';

/**
 * Every version the storefront's answers depend on, in one short string: the counters of the
 * catalogue, its stock and the category documents (and forced rebuilds), moved by triggers in
 * the same transaction as the change. Read under Kysely's connection lock, so it never sees a
 * transaction of this process that has not committed yet.
 */
export function localContentStamp({ db, sqlite }: Engine): () => Promise<string> {
  const read = sqlite
    .prepare(
      "SELECT group_concat(name || '=' || value, ',') FROM (SELECT name, value FROM counters ORDER BY name)",
    )
    .pluck();
  return () => db.connection().execute(async () => String(read.get()));
}
