import type { APIRoute } from 'astro';
import { customerOrders, customerOrdersSchema } from '../../../../server/customers/customers.ts';
import { parseQuery, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

/** One customer's orders (their email, case ignored), newest first, paged. */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () =>
    customerOrders(locals.container, parseQuery(customerOrdersSchema, url.searchParams)),
  );
