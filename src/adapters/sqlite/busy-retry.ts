import type { Kysely, Transaction } from 'kysely';
import { type Engine, immediateWithoutWaiting } from './database.ts';
import { inTurn, writeGateOf } from './write-queue.ts';

/**
 * SQLite lets one connection write at a time. A transaction that begins while another connection
 * (another process, or another container in this one) holds the write lock fails at once with
 * SQLITE_BUSY (BEGIN IMMEDIATE without the busy handler, database.ts), having done nothing;
 * running it again is safe. This retries such failures with a short random pause that does not
 * block the event loop. Within `npm start` the turns of write-queue.ts make this rare.
 */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED']);
const ATTEMPTS = 16;

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && BUSY_CODES.has(code);
}

export async function withBusyRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) =>
        // A transaction holds the lock for a millisecond or so: ask again soon, then less often.
        setTimeout(resolve, Math.min(200, 2 ** attempt) * (0.5 + Math.random())),
      );
    }
  }
}

/**
 * A Kysely transaction in its process's turn at the write lock (write-queue.ts), run again from
 * the start when SQLite answers busy. The turn comes first, then the connection: a transaction
 * waiting for its turn holds nothing that this process's reads need.
 */
export function inTransaction<DBT, T>(
  db: Kysely<DBT>,
  run: (trx: Transaction<DBT>) => Promise<T>,
): Promise<T> {
  const gate = writeGateOf(db);
  return withBusyRetry(() => inTurn(gate, () => db.transaction().execute(run)));
}

/**
 * A synchronous transaction (better-sqlite3, plain SQL) in this process's turn, run again from the
 * start when SQLite answers busy. Its body runs without a pause, so no other request of this
 * process can interleave, and it holds Kysely's connection lock, so it never lands inside one of
 * Kysely's open transactions on the same connection. For the hot writes (order placement), where
 * Kysely's query building and awaits cost more than SQLite itself.
 */
export function inSyncTransaction<T>({ db, sqlite, writeGate }: Engine, body: () => T): Promise<T> {
  return withBusyRetry(() =>
    inTurn(writeGate, () => db.connection().execute(async () => immediateWithoutWaiting(sqlite, body))),
  );
}
