import type { APIRoute } from 'astro';
import { clearCartCookie, readCartId } from '../../../server/cart/cart-cookie.ts';
import { toResponse } from '../../../server/http/http.ts';
import { shopperCart } from '../../../server/orders/checkout.ts';

export const prerender = false;

/** The shopper's cart, or null when there is none (an empty cart has no row). */
export const GET: APIRoute = ({ cookies, locals }) =>
  toResponse(async () => {
    const cartId = readCartId(cookies);
    const cart = cartId ? await locals.container.carts.getCart(cartId) : null;
    if (cartId && !cart) clearCartCookie(cookies);
    return { cart: shopperCart(locals.container, cart) };
  });
