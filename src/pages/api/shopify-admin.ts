import type { APIRoute } from 'astro';
import { toResponse } from '../../server/http/http.ts';
import { proxyToShopify } from '../../server/shopify/shopify-proxy.ts';

export const prerender = false;

/**
 * The spec's admin proxy, POST /api/{platform}-admin?api_version= with {query, variables}: only for a
 * signed-in admin (the middleware checks the session), only the shop's own Admin documents.
 */
export const POST: APIRoute = ({ request, url, locals }) =>
  toResponse(() => proxyToShopify(locals.container, 'admin', request, url.searchParams.get('api_version')));
