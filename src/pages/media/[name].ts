import type { APIRoute } from 'astro';

export const prerender = false;

/** Stored product images; names are generated and never reused, so they cache for a year. */
export const GET: APIRoute = async ({ params, locals }) => {
  const file = await locals.container.media.read(params.name ?? '');
  if (!file) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
};
