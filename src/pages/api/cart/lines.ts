import type { APIRoute } from 'astro';
import { z } from 'zod';
import { AppError } from '../../../domain/errors.ts';
import { readCartId } from '../../../server/cart/cart-cookie.ts';
import { addCartLineEndpoint } from '../../../server/cart/cart-line-endpoint.ts';
import { readJson, toResponse } from '../../../server/http/http.ts';
import { astroRoute } from '../../../server/http/json-endpoint.ts';
import { shopperCart } from '../../../server/orders/checkout.ts';

export const prerender = false;

const lineId = z.string().min(1).max(100);

function requireCart(cartId: string | null): string {
  if (!cartId) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε.');
  return cartId;
}

/** Adds a line (src/server/cart/cart-line-endpoint.ts); `npm start` answers it on its fast path, before Astro. */
export const POST = astroRoute(addCartLineEndpoint);

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
