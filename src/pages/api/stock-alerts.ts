import type { APIRoute } from 'astro';
import { toResponse } from '../../server/http/http.ts';
import { requestStockAlert } from '../../server/stock-alerts/requests.ts';

export const prerender = false;

/** «Ενημερώστε με όταν είναι διαθέσιμο»: a pending subscription and its confirmation mail (decision 087). */
export const POST: APIRoute = ({ request, locals, clientAddress }) =>
  toResponse(() => requestStockAlert(locals.container, request, clientAddress));
