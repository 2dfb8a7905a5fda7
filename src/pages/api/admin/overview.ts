import type { APIRoute } from 'astro';
import { toResponse } from '../../../server/http/http.ts';
import { readOverview } from '../../../server/overview/read-overview.ts';

export const prerender = false;

/** The dashboard's overview: sales, stock, mail and messages, read together (issue 33). */
export const GET: APIRoute = ({ locals }) => toResponse(() => readOverview(locals.container));
