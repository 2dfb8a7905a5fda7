import type { APIRoute } from 'astro';
import { json } from '../../server/http/http.ts';
import { shopHealth } from '../../server/serving/health.ts';

export const prerender = false;

/** 200 while the database answers (with the outbox backlog and build state), 503 when it does not. */
export const GET: APIRoute = async ({ locals }) => {
  const health = await shopHealth(locals.container);
  return json(health, { status: health.ok ? 200 : 503 });
};
