import type { APIRoute } from 'astro';
import { AppError } from '../../../../../ports/errors.ts';
import { toResponse } from '../../../../../server/http.ts';
import { importJob } from '../../../../../server/import-jobs.ts';

export const prerender = false;

/** An import's progress for the dashboard's progress bar. */
export const GET: APIRoute = ({ params, locals }) =>
  toResponse(async () => {
    const job = importJob(locals.container, String(params.id ?? ''));
    if (!job) throw new AppError('not_found', 'Η εισαγωγή δεν βρέθηκε.');
    return job;
  });
