import type { APIRoute } from 'astro';
import {
  normaliseQuery,
  SEARCH_LIMIT,
  SEARCH_MAX_LENGTH,
  toSearchResult,
} from '../../domain/catalog/search-box.ts';
import { AppError } from '../../domain/errors.ts';
import { CACHED_CACHE_CONTROL } from '../../server/cache/page-cache.ts';
import { toResponse } from '../../server/http/http.ts';

export const prerender = false;

/** The same for every visitor: kept by the shop (response-cache.ts) and by any shared cache in front. */
const PUBLIC = { headers: { 'cache-control': CACHED_CACHE_CONTROL } };

/** The header search: GET ?q= -> up to 8 newest matches (title, team tags, description; accents ignored). */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const q = normaliseQuery(url.searchParams.get('q') ?? '');
    if (q.length > SEARCH_MAX_LENGTH) {
      throw new AppError('invalid', `Η αναζήτηση μπορεί να έχει έως ${SEARCH_MAX_LENGTH} χαρακτήρες.`);
    }
    if (q === '') return { results: [] };
    const page = await locals.container.commerce.searchProducts({
      search: q,
      sort: 'newest',
      page: 1,
      pageSize: SEARCH_LIMIT,
    });
    return { results: page.products.map(toSearchResult) };
  }, PUBLIC);
