import { randomUUID } from 'node:crypto';
import type { ImportResult } from '../ports/commerce.ts';
import { isAppError } from '../ports/errors.ts';

/** A running or finished import, as the dashboard's progress bar polls it. */
export type ImportJob = {
  id: string;
  state: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  result: ImportResult | null;
  error: string | null;
};

const JOBS = new Map<string, ImportJob>();
/** Finished jobs are kept this long for the dashboard to read, then forgotten. */
const KEEP_MS = 30 * 60_000;

/** Starts `run` in the background; its progress and outcome are read with importJob(id). */
export function startImportJob(
  total: number,
  run: (progress: (done: number) => void) => Promise<ImportResult>,
): ImportJob {
  const job: ImportJob = { id: randomUUID(), state: 'running', total, done: 0, result: null, error: null };
  JOBS.set(job.id, job);
  void run((done) => {
    job.done = done;
  }).then(
    (result) => {
      Object.assign(job, { state: 'done', done: total, result });
      setTimeout(() => JOBS.delete(job.id), KEEP_MS).unref();
    },
    (error: unknown) => {
      if (!isAppError(error)) console.error('Catalogue import failed', error);
      const message = isAppError(error)
        ? error.message
        : 'Η εισαγωγή απέτυχε· τίποτα δεν άλλαξε στον κατάλογο.';
      Object.assign(job, { state: 'failed', error: message });
      setTimeout(() => JOBS.delete(job.id), KEEP_MS).unref();
    },
  );
  return job;
}

export const importJob = (id: string): ImportJob | null => JOBS.get(id) ?? null;

/** Whether an import is running now (one at a time: two would race on the same handles). */
export const importRunning = () => [...JOBS.values()].some((job) => job.state === 'running');
