import { LRUCache } from 'lru-cache';
import type { CatalogQuery } from '../../domain/catalog/query.ts';

/**
 * Remembers answers per data version: when the version moves (any catalogue change, or a sale for
 * answers that show stock), every answer of the older version is dropped, so none is served after
 * the change. A write that lands while a query runs moves the version, and that answer is not kept.
 */
export function createVersionedCache<T extends {}>(size = 2_000) {
  const cache = new LRUCache<string, T>({ max: size });
  let cachedVersion: string | null = null;

  return async function cached(version: string, query: CatalogQuery, run: () => Promise<T>): Promise<T> {
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    const key = queryKey(query);
    const hit = cache.get(key);
    if (hit) return hit;
    const answer = await run();
    if (version === cachedVersion) cache.set(key, answer);
    return answer;
  };
}

/** The same query, written with its keys in any order, gives the same key. */
function queryKey(query: CatalogQuery): string {
  return JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
}
