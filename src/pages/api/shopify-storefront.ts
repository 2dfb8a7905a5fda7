import type { APIRoute } from 'astro';
import { toResponse } from '../../server/http/http.ts';
import { enforceLimit, RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { proxyToShopify } from '../../server/shopify/shopify-proxy.ts';

export const prerender = false;

/**
 * The storefront proxy: the shop's own Storefront documents with the storefront token added on the
 * server, for anyone (shoppers browse without signing in), rate-limited per address.
 */
export const POST: APIRoute = ({ request, url, locals, clientAddress }) =>
  toResponse(async () => {
    await enforceLimit(
      locals.container.limits,
      RATE_LIMITS.shopifyStorefront,
      clientAddress,
      'Πολλά αιτήματα. Δοκιμάστε ξανά σε λίγο.',
    );
    return proxyToShopify(locals.container, 'storefront', request, url.searchParams.get('api_version'));
  });
