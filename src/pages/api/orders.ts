import type { APIRoute } from 'astro';
import { checkoutFormSchema } from '../../domain/checkout-form.ts';
import { AppError } from '../../ports/errors.ts';
import { clearCartCookie, readCartId } from '../../server/cart-cookie.ts';
import { requireEmbeddedCheckout } from '../../server/checkout.ts';
import { readJson, toResponse } from '../../server/http.ts';
import { placeOrder } from '../../server/place-order.ts';
import { enforceLimit, RATE_LIMITS } from '../../server/rate-limit.ts';

export const prerender = false;

const ORDER_LIMIT =
  'Πάρα πολλές παραγγελίες από αυτή τη σύνδεση. Δοκιμάστε ξανά αργότερα ή επικοινωνήστε μαζί μας.';

/** Checkout: validates the form again on the server, places the order, and ends the cart. */
export const POST: APIRoute = ({ request, cookies, locals, clientAddress }) =>
  toResponse(
    async () => {
      requireEmbeddedCheckout(locals.container);
      const form = await readJson(request, checkoutFormSchema, 16 * 1024);
      const cartId = readCartId(cookies);
      if (!cartId) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε ή έχει ήδη ολοκληρωθεί.');
      // Counted per address once the form is valid, so one client cannot pile up orders.
      await enforceLimit(locals.container.limits, RATE_LIMITS.order, clientAddress, ORDER_LIMIT);
      const order = await placeOrder(locals.container, cartId, form);
      clearCartCookie(cookies);
      return { order: { number: order.number, url: `/order/${order.accessToken}` } };
    },
    { status: 201 },
  );
