import type { Kysely, Transaction } from 'kysely';

/**
 * SQLite lets one connection write at a time. A transaction that read first and then wants to write
 * while another process holds the write lock fails at once with SQLITE_BUSY (waiting could
 * deadlock), and it has rolled back; running it again is safe. This retries such failures with a
 * short random pause that does not block the event loop.
 */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED']);
const ATTEMPTS = 12;

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
        setTimeout(resolve, Math.min(200, 5 * 2 ** attempt) * (0.5 + Math.random())),
      );
    }
  }
}

/** A Kysely transaction, run again from the start when SQLite answers busy. */
export function inTransaction<DBT, T>(
  db: Kysely<DBT>,
  run: (trx: Transaction<DBT>) => Promise<T>,
): Promise<T> {
  return withBusyRetry(() => db.transaction().execute(run));
}
