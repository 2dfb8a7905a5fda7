import type { APIRoute } from 'astro';
import { z } from 'zod';
import { type CartLineInput, cartLineInputSchema, isMissingCart } from '../../../ports/commerce.ts';
import { AppError } from '../../../ports/errors.ts';
import { readCartId, setCartCookie } from '../../../server/cart-cookie.ts';
import { shopperCart } from '../../../server/checkout.ts';
import type { Container } from '../../../server/container.ts';
import { readJson, toResponse } from '../../../server/http.ts';
import { enforceLimit, RATE_LIMITS } from '../../../server/rate-limit.ts';

export const prerender = false;

const lineId = z.string().min(1).max(100);

function requireCart(cartId: string | null): string {
  if (!cartId) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε.');
  return cartId;
}

const NEW_CART_LIMIT = 'Πάρα πολλά νέα καλάθια από αυτή τη σύνδεση. Δοκιμάστε ξανά σε λίγο.';

/** Adds to the shopper's open cart, or starts a new one: new carts per address are limited. */
async function addLine(container: Container, cartId: string | null, line: CartLineInput, ip: string) {
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

/** Adds a line; the first add creates the cart (lazily) and sets its cookie. */
export const POST: APIRoute = ({ request, cookies, locals, url, clientAddress }) =>
  toResponse(async () => {
    const line = await readJson(request, cartLineInputSchema, 4096);
    const cart = await addLine(locals.container, readCartId(cookies), line, clientAddress);
    setCartCookie(cookies, cart.id, locals.container.env.CART_TTL_DAYS, url.protocol === 'https:');
    return { cart: shopperCart(locals.container, cart) };
  });

export const PATCH: APIRoute = ({ request, cookies, locals }) =>
  toResponse(async () => {
    const body = await readJson(
      request,
      z.object({ lineId, quantity: z.number().int().min(1).max(1000) }),
      4096,
    );
    const cart = await locals.container.carts.updateCartLine(
      requireCart(readCartId(cookies)),
      body.lineId,
      body.quantity,
    );
    return { cart: shopperCart(locals.container, cart) };
  });

export const DELETE: APIRoute = ({ request, cookies, locals }) =>
  toResponse(async () => {
    const body = await readJson(request, z.object({ lineIds: z.array(lineId).min(1).max(100) }), 8192);
    const cart = await locals.container.carts.removeCartLines(requireCart(readCartId(cookies)), body.lineIds);
    return { cart: shopperCart(locals.container, cart) };
  });
