/**
 * The response cache (decision 054): on-demand answers cached per content version, for the
 * product page and the two catalogue APIs. Each shows only what the version covers (the
 * catalogue, its stock and the category documents), the same to every visitor, so one rendering
 * serves every request until the version moves; the fast path then answers from memory before
 * the app runs at all.
 */
const CACHED_ROUTES = new Set(['/product/[id]', '/api/products', '/api/search']);

/** Whether the app keeps answers of this route (by Astro's matched route pattern). */
export const isCachedRoute = (routePattern: string): boolean => CACHED_ROUTES.has(routePattern);

/** Whether a raw path may have a cached answer: the fast path's quick test before it looks one up. */
export const mayBeCached = (pathname: string): boolean =>
  pathname.startsWith('/product/') || pathname === '/api/products' || pathname === '/api/search';

/** The key of an answer: the content version it was made under and the URL's path and query, as parsed. */
export const responseCacheKey = (version: string, url: URL): string =>
  `${version}|${url.pathname}${url.search}`;
