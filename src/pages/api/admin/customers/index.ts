import type { APIRoute } from 'astro';
import { customerListSchema, listCustomers } from '../../../../server/customers/customers.ts';
import { parseQuery, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

/** One page of the customers, built from the orders (decision 086); the middleware checks the session. */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => listCustomers(locals.container, parseQuery(customerListSchema, url.searchParams)));
