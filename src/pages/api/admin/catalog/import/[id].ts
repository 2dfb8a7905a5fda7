import type { APIRoute } from 'astro';
import { AppError } from '../../../../../domain/errors.ts';
import { importJob } from '../../../../../server/catalog-csv/import-jobs.ts';
import { toResponse } from '../../../../../server/http/http.ts';

export const prerender = false;

/** An import's progress for the dashboard's progress bar. */
export const GET: APIRoute = ({ params, locals }) =>
  toResponse(async () => {
    const job = await importJob(locals.container, String(params.id ?? ''));
    if (!job) throw new AppError('not_found', 'Η εισαγωγή δεν βρέθηκε.');
    return job;
  });
