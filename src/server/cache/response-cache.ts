/**
 * The on-demand answers kept per content stamp (decision 054): the product page and the two
 * catalogue APIs. Each shows only what the stamp versions (the catalogue, its stock and the
 * category documents), the same to every visitor, so one rendering serves every request until
 * the stamp moves; the server's edge then answers from memory before the app runs at all.
 */
const KEPT_ROUTES = new Set(['/product/[id]', '/api/products', '/api/search']);

/** Whether the app keeps answers of this route (by Astro's matched route pattern). */
export const isKeptRoute = (routePattern: string): boolean => KEPT_ROUTES.has(routePattern);

/** Whether a raw path may have a kept answer: the edge's quick test before it looks one up. */
export const mayBeKept = (pathname: string): boolean =>
  pathname.startsWith('/product/') || pathname === '/api/products' || pathname === '/api/search';

/** The key of an answer: the stamp it was made under and the URL's path and query, as parsed. */
export const keptKey = (stamp: string, url: URL): string => `${stamp}|${url.pathname}${url.search}`;
