import type { APIRoute } from 'astro';
import { readBulkRequest, runBulk } from '../../../../server/catalog/admin-bulk.ts';
import { toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

/** Bulk actions on the list's selection: offer on or off, stock, delete; answered per product. */
export const POST: APIRoute = ({ request, locals }) =>
  toResponse(async () => runBulk(locals.container, await readBulkRequest(request)));
