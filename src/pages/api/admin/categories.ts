import type { APIRoute } from 'astro';
import { toResponse } from '../../../server/http/http.ts';

export const prerender = false;

/** The category documents, for the dashboard's team dropdowns and the players section. */
export const GET: APIRoute = ({ locals }) =>
  toResponse(async () => ({ categories: await locals.container.documents.listCategories() }));
