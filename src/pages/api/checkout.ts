import type { APIRoute } from 'astro';
import { readCartId } from '../../server/cart/cart-cookie.ts';
import { errorResponse } from '../../server/http/http.ts';
import { checkoutTarget } from '../../server/orders/checkout.ts';

export const prerender = false;

/**
 * The cart page's checkout link (src/server/orders/checkout.ts): the 7 € minimum is checked here, on the
 * server, then the shopper goes on to the checkout (Shopify's page, or the shop's own form).
 */
export const GET: APIRoute = async ({ cookies, locals, redirect }) => {
  try {
    return redirect(await checkoutTarget(locals.container, readCartId(cookies)), 303);
  } catch (error) {
    return errorResponse(error);
  }
};
