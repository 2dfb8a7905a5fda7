import type Database from 'better-sqlite3';
import type { Engine } from './database.ts';

/**
 * WAL checkpoints off the request path (decision 065). SQLite appends every commit to the
 * write-ahead log, and by default the connection whose commit takes the log past 1,000 pages
 * copies them back into the database file then and there: under twenty buyers that was a 5–6 ms
 * pause of the storefront worker every 55 ms, a tenth of its time, most of it two fsyncs. In
 * `npm start` the main process, idle most of the time, checkpoints instead. The workers' own
 * checkpoint stays as a backstop at 40 MB of log; under a steady stream of orders it is what lets
 * the log start over, and it finds little left to copy.
 */

/** The log size (pages, about 40 MB) at which a serving connection checkpoints itself after all. */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/** How often the main process copies the log's new pages into the database file. */
export const CHECKPOINT_EVERY_MS = 100;

/** For a connection that serves requests: checkpoints are another process's work. */
export function leaveCheckpointsToBackground(sqlite: Database.Database): void {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
}

/**
 * Copies the log's committed pages into the database file every `everyMs`. PASSIVE: it neither
 * waits for nor blocks any reader or writer, so it copies what it can and the next round does the
 * rest. Under a steady stream of writes the log never finds a moment to start over; it does when
 * a serving connection's backstop checkpoint comes, and that one finds little left to copy.
 * Returns the function that stops it.
 */
export function checkpointInBackground(
  { db, sqlite }: Engine,
  onError: (error: unknown) => void,
  everyMs = CHECKPOINT_EVERY_MS,
): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      // On the connection's lock, so a checkpoint never runs inside this process's own transaction.
      await db.connection().execute(async () => sqlite.pragma('wal_checkpoint(PASSIVE)'));
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
