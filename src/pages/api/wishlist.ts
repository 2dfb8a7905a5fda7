import type { APIRoute } from 'astro';
import { type CardView, toCardView } from '../../domain/catalog/card-view.ts';
import { AppError } from '../../domain/errors.ts';
import { WISHLIST_MAX } from '../../domain/wishlist/wishlist.ts';
import { toResponse } from '../../server/http/http.ts';
import { enforceLimit, RATE_LIMITS } from '../../server/http/rate-limit.ts';

export const prerender = false;

const WISHLIST_TOO_MANY = 'Πάρα πολλά αιτήματα για τα αγαπημένα. Δοκιμάστε ξανά σε λίγο.';

/** Products read at once; a full wishlist is ten rounds (one request each on Shopify). */
const READS_AT_ONCE = 10;

/**
 * The wishlist page's live data: GET ?id=…&id=… (the ids the browser keeps) -> each id with its
 * card as the shop has it today (price, stock), or null for a product that is gone.
 */
export const GET: APIRoute = ({ url, locals, clientAddress }) =>
  toResponse(async () => {
    await enforceLimit(locals.container.limits, RATE_LIMITS.wishlist, clientAddress, WISHLIST_TOO_MANY);
    const ids = [...new Set(url.searchParams.getAll('id'))];
    if (ids.length > WISHLIST_MAX || ids.some((id) => id.length === 0 || id.length > 200))
      throw new AppError('invalid', `Τα αγαπημένα μπορούν να έχουν έως ${WISHLIST_MAX} προϊόντα.`);
    const found: Array<CardView | null> = [];
    for (let start = 0; start < ids.length; start += READS_AT_ONCE) {
      const products = await Promise.all(
        ids.slice(start, start + READS_AT_ONCE).map((id) => locals.container.commerce.getProduct(id)),
      );
      found.push(...products.map((product) => (product ? toCardView(product) : null)));
    }
    return { items: ids.map((id, index) => ({ id, card: found[index] ?? null })) };
  });
