import { LRUCache } from 'lru-cache';
import type { CatalogQuery } from '../../ports/commerce.ts';
import type { SearchHits } from './search-products.ts';

/**
 * Remembers which product ids a query found, per catalogue version: any catalogue change bumps the
 * version, so a cached answer is never served after an edit. Only ids and counts are kept; the
 * products themselves (stock, price) are read fresh for every answer.
 */
export function createSearchCache(size = 2_000) {
  const cache = new LRUCache<string, SearchHits>({ max: size });
  let cachedVersion = -1;

  return async function cached(
    version: number,
    query: CatalogQuery,
    run: () => Promise<SearchHits>,
  ): Promise<SearchHits> {
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    const key = queryKey(query);
    const hit = cache.get(key);
    if (hit) return hit;
    const hits = await run();
    // A write may have landed while the query ran; keep the answer only if the version held.
    if (version === cachedVersion) cache.set(key, hits);
    return hits;
  };
}

/** The same query, written with its keys in any order, gives the same key. */
function queryKey(query: CatalogQuery): string {
  return JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
}
