import type { APIRoute } from 'astro';
import { checkoutFormSchema } from '../../domain/checkout-form.ts';
import { AppError } from '../../ports/errors.ts';
import { clearCartCookie, readCartId } from '../../server/cart-cookie.ts';
import { readJson, toResponse } from '../../server/http.ts';
import { placeOrder } from '../../server/place-order.ts';

export const prerender = false;

/** Checkout: validates the form again on the server, places the order, and ends the cart. */
export const POST: APIRoute = ({ request, cookies, locals }) =>
  toResponse(
    async () => {
      const form = await readJson(request, checkoutFormSchema, 16 * 1024);
      const cartId = readCartId(cookies);
      if (!cartId) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε ή έχει ήδη ολοκληρωθεί.');
      const order = await placeOrder(locals.container, cartId, form);
      clearCartCookie(cookies);
      return { order: { number: order.number, url: `/order/${order.accessToken}` } };
    },
    { status: 201 },
  );
