import type { APIRoute } from 'astro';
import { IMAGE_WIDTHS } from '../../domain/media/responsive-image.ts';
import type { MediaFile } from '../../domain/media/stored-media.ts';

export const prerender = false;

/**
 * Stored product images; names are generated and never reused, so they cache for a year.
 * `?w=320|480|800` serves a resized WebP variant (a different URL, so the same caching holds).
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const name = params.name ?? '';
  const w = url.searchParams.get('w');
  let file: MediaFile | null;
  if (w === null) {
    file = await locals.container.media.read(name);
  } else {
    // Exact spellings only ('0480' is not 480), so each variant has one URL to cache.
    const width = IMAGE_WIDTHS.find((candidate) => String(candidate) === w);
    if (width === undefined) return new Response('Unsupported width', { status: 400 });
    file = await locals.container.media.readVariant(name, width);
  }
  if (!file) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
};
