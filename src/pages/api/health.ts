import type { APIRoute } from 'astro';
import { json } from '../../server/http.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) =>
  json({ ok: true, catalogVersion: await locals.container.commerce.version() });
