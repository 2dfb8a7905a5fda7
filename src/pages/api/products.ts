import type { APIRoute } from 'astro';
import { toCardView } from '../../domain/catalog/card-view.ts';
import { CACHED_CACHE_CONTROL } from '../../server/cache/page-cache.ts';
import { parseSinglesParams, searchSingles } from '../../server/catalog/singles-query.ts';
import { toResponse } from '../../server/http/http.ts';

export const prerender = false;

/** The same for every visitor: kept by the shop (response-cache.ts) and by any shared cache in front. */
const PUBLIC = { headers: { 'cache-control': CACHED_CACHE_CONTROL } };

/** The singles browser's query: filters, sort and paging run here, never in the browser. */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const page = await searchSingles(locals.container, parseSinglesParams(url.searchParams));
    return { ...page, products: page.products.map(toCardView) };
  }, PUBLIC);
