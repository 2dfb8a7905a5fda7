import { withBusyRetry } from './busy.ts';
import { type Engine, immediateWithoutWaiting } from './database.ts';
import { withWriteLock } from './write-queue.ts';

/**
 * A synchronous transaction (better-sqlite3, plain SQL) holding the write lock, run again from the
 * start when SQLite answers busy. Its body runs without a pause, so no other request of this
 * process can interleave, and it holds Kysely's connection lock, so it never lands inside one of
 * Kysely's open transactions on the same connection. For the hot writes (order placement), where
 * Kysely's query building and awaits cost more than SQLite itself.
 */
export function inSyncTransaction<T>({ db, sqlite, writeGate }: Engine, body: () => T): Promise<T> {
  return withBusyRetry(() =>
    withWriteLock(writeGate, () =>
      db.connection().execute(async () => immediateWithoutWaiting(sqlite, body)),
    ),
  );
}
