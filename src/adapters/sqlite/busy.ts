/**
 * SQLite lets one connection write at a time. A transaction that begins while another connection
 * (another process, or another container in this one) holds the write lock fails at once with
 * SQLITE_BUSY (BEGIN IMMEDIATE without the busy handler, database.ts), having done nothing;
 * running it again is safe. This retries such failures with a short random pause that does not
 * block the event loop. Within `npm start` the write queue (write-queue.ts) makes this rare.
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
