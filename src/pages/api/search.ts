import type { APIRoute } from 'astro';
import { normaliseQuery, SEARCH_LIMIT, SEARCH_MAX_LENGTH, toSearchResult } from '../../domain/search-box.ts';
import { AppError } from '../../ports/errors.ts';
import { json, toResponse } from '../../server/http.ts';

export const prerender = false;

const NO_CACHE = { headers: { 'cache-control': 'no-cache' } };

/** The header search: GET ?q= -> up to 8 newest matches (title, team tags, description; accents ignored). */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const q = normaliseQuery(url.searchParams.get('q') ?? '');
    if (q.length > SEARCH_MAX_LENGTH) {
      throw new AppError('invalid', `Η αναζήτηση μπορεί να έχει έως ${SEARCH_MAX_LENGTH} χαρακτήρες.`);
    }
    if (q === '') return json({ results: [] }, NO_CACHE);
    const page = await locals.container.commerce.searchProducts({
      search: q,
      sort: 'newest',
      page: 1,
      pageSize: SEARCH_LIMIT,
    });
    return json({ results: page.products.map(toSearchResult) }, NO_CACHE);
  });
