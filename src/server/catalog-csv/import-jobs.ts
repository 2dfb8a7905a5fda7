import { randomUUID } from 'node:crypto';
import type { ClaimedImport } from '../../adapters/sqlite/import-job-store.ts';
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
export function queueImportJob(container: Container, total: number, file: string, origin: string): ImportJob {
  const job = container.importJobs.queue({ id: randomUUID(), total, file, origin });
  if (!job) throw new AppError('conflict', IMPORT_BUSY);
  return job;
}

export const importJob = (container: Container, id: string): ImportJob | null => container.importJobs.get(id);

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
    for (let job = container.importJobs.claimNext(); job; job = container.importJobs.claimNext()) {
      const { id } = job;
      try {
        container.importJobs.succeed(id, await apply(job, (done) => container.importJobs.progress(id, done)));
      } catch (error) {
        if (!isAppError(error)) log.error('Catalogue import failed', { error });
        container.importJobs.fail(id, isAppError(error) ? error.message : IMPORT_FAILED);
      }
    }
    container.importJobs.purge(new Date(Date.now() - KEEP_MS));
  } finally {
    running = false;
  }
}

/** At the main process's start: a job a stopped process left unfinished will not finish now. */
export const failUnfinishedImports = (container: Container): number =>
  container.importJobs.failUnfinished(IMPORT_INTERRUPTED);
