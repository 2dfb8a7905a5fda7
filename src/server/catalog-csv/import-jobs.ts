import { randomUUID } from 'node:crypto';
import type { ClaimedImport } from '../../adapters/import-jobs/index.ts';
import type { ImportJob, ImportResult } from '../../domain/catalog-csv/import-job.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import type { Container } from '../container.ts';

/** Finished jobs are kept this long for the dashboard to read, then forgotten. */
const KEEP_MS = 24 * 3_600_000;

export const IMPORT_BUSY = 'Τρέχει ήδη μια εισαγωγή· περιμένετε να τελειώσει.';
const IMPORT_FAILED = 'Η εισαγωγή απέτυχε· τίποτα δεν άλλαξε στον κατάλογο.';
export const IMPORT_INTERRUPTED =
  'Η εισαγωγή διακόπηκε, γιατί το κατάστημα σταμάτησε πριν τελειώσει. Εισαγάγετε ξανά το ίδιο αρχείο: ό,τι έγινε ήδη παραλείπεται.';

/**
 * Queues a checked file for the main process to import (one import at a time: two would race on
 * the same handles). Jobs live in the database, so the worker that polls is free to be any.
 */
export async function queueImportJob(
  container: Container,
  total: number,
  file: string,
  origin: string,
): Promise<ImportJob> {
  const job = await container.importJobs.queue({ id: randomUUID(), total, file, origin });
  if (!job) throw new AppError('conflict', IMPORT_BUSY);
  return job;
}

export const importJob = (container: Container, id: string): Promise<ImportJob | null> =>
  container.importJobs.get(id);

let running = false;

/**
 * Runs the queued imports one after the other (the main process calls it on a timer; tests call it
 * directly). `apply` does one job's work and reports its progress.
 */
export async function runQueuedImports(
  container: Container,
  apply: (job: ClaimedImport, progress: (done: number) => void) => Promise<ImportResult>,
): Promise<void> {
  if (running) return;
  running = true;
  try {
    const jobs = container.importJobs;
    for (let job = await jobs.claimNext(); job; job = await jobs.claimNext()) {
      const { id } = job;
      // Progress is written in order, and all of it before the outcome, which sets its own.
      let written = Promise.resolve();
      const progress = (done: number) => {
        written = written
          .then(() => jobs.progress(id, done))
          .catch((error: unknown) => log.warn('Import progress not saved', { error }));
      };
      try {
        const result = await apply(job, progress);
        await written;
        await jobs.succeed(id, result);
      } catch (error) {
        await written;
        if (!isAppError(error)) log.error('Catalogue import failed', { error });
        await jobs.fail(id, isAppError(error) ? error.message : IMPORT_FAILED);
      }
    }
    await jobs.purge(new Date(Date.now() - KEEP_MS));
  } finally {
    running = false;
  }
}

/** At the main process's start: a job a stopped process left unfinished will not finish now. */
export const failUnfinishedImports = (container: Container): Promise<number> =>
  container.importJobs.failUnfinished(IMPORT_INTERRUPTED);
