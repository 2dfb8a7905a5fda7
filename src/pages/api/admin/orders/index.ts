import type { APIRoute } from 'astro';
import { z } from 'zod';
import { parseQuery, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

const listSchema = z.object({
  status: z.enum(['pending', 'paid', 'shipped', 'cancelled']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const { status, page } = parseQuery(listSchema, url.searchParams);
    return locals.container.orders.listOrders({ ...(status ? { status } : {}), page, pageSize: 20 });
  });
