import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson, toResponse } from '../../../server/http/http.ts';

export const prerender = false;

/** The shop's settings for the dashboard's form (the middleware has checked the session). */
export const GET: APIRoute = ({ locals }) =>
  toResponse(async () => ({ settings: await locals.container.settings.get() }));

/**
 * Saves the settings whole. The settings port checks them (Greek messages per field, nothing saved
 * on a refusal); the saved change moves the storefront's content version, which rebuilds it.
 */
export const PUT: APIRoute = ({ request, locals }) =>
  toResponse(async () => {
    const { settings } = await readJson(request, z.object({ settings: z.unknown() }), 32 * 1024);
    return { settings: await locals.container.settings.save(settings as never) };
  });
