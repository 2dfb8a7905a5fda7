import { type CartLineInput, cartLineInputSchema, isMissingCart } from '../../domain/cart/cart.ts';
import type { Container } from '../container.ts';
import type { JsonEndpoint } from '../http/json-endpoint.ts';
import { enforceLimit, RATE_LIMITS } from '../http/rate-limit.ts';
import { shopperCart } from '../orders/checkout.ts';
import { CART_COOKIE, cartCookieHeader } from './cart-cookie.ts';

const NEW_CART_LIMIT = 'Πάρα πολλά νέα καλάθια από αυτή τη σύνδεση. Δοκιμάστε ξανά σε λίγο.';

/** Adds to the shopper's open cart, or starts a new one: new carts per address are limited. */
async function addLine(container: Container, cartId: string | undefined, line: CartLineInput, ip: string) {
  if (cartId) {
    try {
      return await container.carts.addCartLines(cartId, [line], { newCart: false });
    } catch (error) {
      if (!isMissingCart(error)) throw error;
    }
  }
  await enforceLimit(container.limits, RATE_LIMITS.newCart, ip, NEW_CART_LIMIT);
  return container.carts.addCartLines(null, [line]);
}

/**
 * POST /api/cart/lines: adds a line; the first add creates the cart (lazily) and sets its cookie.
 * Answered at the fast path (decision 069), and by its Astro route elsewhere.
 */
export const addCartLineEndpoint: JsonEndpoint = {
  maxBytes: 4096,
  status: 200,
  async run(container, call) {
    const line = await call.json(cartLineInputSchema);
    const cart = await addLine(container, call.cookie(CART_COOKIE), line, call.clientAddress);
    return {
      body: { cart: shopperCart(container, cart) },
      setCookies: [cartCookieHeader(cart.id, container.env.CART_TTL_DAYS, call.https)],
    };
  },
};
