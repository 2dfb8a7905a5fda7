import type { APIRoute } from 'astro';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../../domain/orders/order.ts';
import { parseQuery, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

const listSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  search: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const { status, search, page } = parseQuery(listSchema, url.searchParams);
    return locals.container.orders.listOrders({
      ...(status ? { status } : {}),
      ...(search ? { search } : {}),
      page,
      pageSize: 20,
    });
  });
