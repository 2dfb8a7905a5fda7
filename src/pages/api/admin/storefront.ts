import type { APIRoute } from 'astro';
import { toResponse } from '../../../server/http/http.ts';

export const prerender = false;

/** The storefront build state for the dashboard (the middleware has checked the session). */
export const GET: APIRoute = ({ locals }) => toResponse(() => locals.container.builds.state());

/** "Rebuild now": marks the storefront stale; the rebuild service picks it up. */
export const POST: APIRoute = ({ locals }) =>
  toResponse(
    async () => {
      await locals.container.builds.requestRebuild();
      return locals.container.builds.state();
    },
    { status: 202 },
  );
