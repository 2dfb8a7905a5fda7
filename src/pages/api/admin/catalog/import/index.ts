import type { APIRoute } from 'astro';
import { z } from 'zod';
import {
  commitCatalogImport,
  planCatalogImport,
  planSummary,
  readImportFile,
} from '../../../../../server/catalog-csv/catalog-import.ts';
import { json, parseQuery, toResponse } from '../../../../../server/http/http.ts';

export const prerender = false;

const modeSchema = z.object({
  mode: z.enum(['dry-run', 'commit'], { error: 'Άγνωστη ενέργεια εισαγωγής.' }),
});

/**
 * The CSV import (decision 053). The body is the file itself (text/csv, UTF-8, at most 20 MB).
 * ?mode=dry-run answers what it would create, update and skip, every row's errors and how many
 * images it would fetch, writing and fetching nothing; ?mode=commit starts the import when the
 * file has no error (202, with a job to poll and how many of its steps are images, decision 090).
 */
export const POST: APIRoute = ({ url, request, locals }) =>
  toResponse(async () => {
    const { mode } = parseQuery(modeSchema, url.searchParams);
    const text = await readImportFile(request);
    if (mode === 'dry-run') return planSummary(await planCatalogImport(locals.container, text, url.origin));
    const job = await commitCatalogImport(locals.container, text, url.origin);
    return json(job, { status: 202 });
  });
