import type { APIRoute } from 'astro';
import { exportCustomers } from '../../../../server/customers/customers.ts';
import { toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

/** Every customer as CSV with Greek column names (decision 086). */
export const GET: APIRoute = ({ locals }) =>
  toResponse(async () => {
    const csv = await exportCustomers(locals.container);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="customers-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
