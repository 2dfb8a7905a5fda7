import type { APIRoute } from 'astro';
import { toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

/** Orders in each status, for the dashboard's new-orders badge (no order is read). */
export const GET: APIRoute = ({ locals }) =>
  toResponse(async () => ({ counts: await locals.container.orders.orderCounts() }));
