import type { APIRoute } from 'astro';
import { z } from 'zod';
import { cartLineInputSchema } from '../../../ports/commerce.ts';
import { AppError } from '../../../ports/errors.ts';
import { readCartId, setCartCookie } from '../../../server/cart-cookie.ts';
import { readJson, toResponse } from '../../../server/http.ts';

export const prerender = false;

const lineId = z.string().min(1).max(100);

function requireCart(cartId: string | null): string {
  if (!cartId) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε.');
  return cartId;
}

/** Adds a line; the first add creates the cart (lazily) and sets its cookie. */
export const POST: APIRoute = ({ request, cookies, locals, url }) =>
  toResponse(async () => {
    const line = await readJson(request, cartLineInputSchema, 4096);
    const cart = await locals.container.carts.addCartLines(readCartId(cookies), [line]);
    setCartCookie(cookies, cart.id, locals.container.env.CART_TTL_DAYS, url.protocol === 'https:');
    return { cart };
  });

export const PATCH: APIRoute = ({ request, cookies, locals }) =>
  toResponse(async () => {
    const body = await readJson(
      request,
      z.object({ lineId, quantity: z.number().int().min(1).max(1000) }),
      4096,
    );
    return {
      cart: await locals.container.carts.updateCartLine(
        requireCart(readCartId(cookies)),
        body.lineId,
        body.quantity,
      ),
    };
  });

export const DELETE: APIRoute = ({ request, cookies, locals }) =>
  toResponse(async () => {
    const body = await readJson(request, z.object({ lineIds: z.array(lineId).min(1).max(100) }), 8192);
    return {
      cart: await locals.container.carts.removeCartLines(requireCart(readCartId(cookies)), body.lineIds),
    };
  });
