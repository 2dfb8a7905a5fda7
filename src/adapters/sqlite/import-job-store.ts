import type { ImportJob, ImportResult } from '../../domain/catalog-csv/import-job.ts';
import type { Engine } from './database.ts';

type Row = {
  id: string;
  state: ImportJob['state'];
  total: number;
  done: number;
  result: string | null;
  error: string | null;
};

const toJob = (row: Row): ImportJob => ({
  id: row.id,
  state: row.state,
  total: row.total,
  done: row.done,
  result: row.result === null ? null : (JSON.parse(row.result) as ImportResult),
  error: row.error,
});

/** A job taken to run: what it needs besides its id. */
export type ClaimedImport = { id: string; total: number; file: string; origin: string };

/**
 * Catalogue import jobs in the shop's database (migration 012), so that every process sees the
 * same jobs: a worker queues one, the main process runs it, any worker reports its progress.
 */
export function importJobStore({ sqlite }: Engine) {
  const now = () => new Date().toISOString();
  const select = sqlite.prepare('SELECT id, state, total, done, result, error FROM import_jobs WHERE id = ?');
  const busy = sqlite.prepare("SELECT 1 FROM import_jobs WHERE state IN ('queued', 'running') LIMIT 1");
  const insert = sqlite.prepare(
    `INSERT INTO import_jobs (id, state, total, file, origin, created_at, updated_at)
     VALUES (?, 'queued', ?, ?, ?, ?, ?)`,
  );
  const next = sqlite.prepare(
    "SELECT id, total, file, origin FROM import_jobs WHERE state = 'queued' ORDER BY created_at LIMIT 1",
  );
  const claim = sqlite.prepare(
    "UPDATE import_jobs SET state = 'running', updated_at = ? WHERE id = ? AND state = 'queued'",
  );
  const progress = sqlite.prepare('UPDATE import_jobs SET done = ?, updated_at = ? WHERE id = ?');
  const succeed = sqlite.prepare(
    "UPDATE import_jobs SET state = 'done', done = total, result = ?, file = NULL, updated_at = ? WHERE id = ?",
  );
  const fail = sqlite.prepare(
    "UPDATE import_jobs SET state = 'failed', error = ?, file = NULL, updated_at = ? WHERE id = ?",
  );
  const interrupt = sqlite.prepare(
    "UPDATE import_jobs SET state = 'failed', error = ?, file = NULL, updated_at = ? WHERE state IN ('queued', 'running')",
  );
  const purge = sqlite.prepare(
    "DELETE FROM import_jobs WHERE state IN ('done', 'failed') AND updated_at < ?",
  );

  return {
    get: (id: string): ImportJob | null => {
      const row = select.get(id) as Row | undefined;
      return row ? toJob(row) : null;
    },

    /** Queues a job; null when another one is queued or running (one at a time, checked atomically). */
    queue: sqlite.transaction(
      (job: { id: string; total: number; file: string; origin: string }): ImportJob | null => {
        if (busy.get()) return null;
        const at = now();
        insert.run(job.id, job.total, job.file, job.origin, at, at);
        return toJob(select.get(job.id) as Row);
      },
    ).immediate,

    /** Takes the oldest queued job to run, or null. */
    claimNext: (): ClaimedImport | null => {
      const row = next.get() as ClaimedImport | undefined;
      if (!row || claim.run(now(), row.id).changes === 0) return null;
      return row;
    },

    progress: (id: string, done: number) => {
      progress.run(done, now(), id);
    },

    succeed: (id: string, result: ImportResult) => {
      succeed.run(JSON.stringify(result), now(), id);
    },

    fail: (id: string, error: string) => {
      fail.run(error, now(), id);
    },

    /** Marks the jobs a stopped process left unfinished as failed; answers how many. */
    failUnfinished: (message: string): number => interrupt.run(message, now()).changes,

    /** Forgets finished jobs last touched before `before`. */
    purge: (before: Date) => {
      purge.run(before.toISOString());
    },
  };
}

export type ImportJobStore = ReturnType<typeof importJobStore>;
