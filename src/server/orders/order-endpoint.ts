import { AppError } from '../../domain/errors.ts';
import { checkoutFormSchema } from '../../domain/orders/checkout-form.ts';
import { CART_COOKIE, CLEARED_CART_COOKIE } from '../cart/cart-cookie.ts';
import type { JsonEndpoint } from '../http/json-endpoint.ts';
import { enforceLimit, RATE_LIMITS } from '../http/rate-limit.ts';
import { requireEmbeddedCheckout } from './checkout.ts';
import { placeOrder } from './place-order.ts';

const ORDER_LIMIT =
  'Πάρα πολλές παραγγελίες από αυτή τη σύνδεση. Δοκιμάστε ξανά αργότερα ή επικοινωνήστε μαζί μας.';

/**
 * POST /api/orders, the checkout: validates the form again on the server, places the order, and
 * ends the cart. Answered at the fast path (decision 069), and by its Astro route elsewhere.
 */
export const placeOrderEndpoint: JsonEndpoint = {
  maxBytes: 16 * 1024,
  status: 201,
  async run(container, call) {
    requireEmbeddedCheckout(container);
    const form = await call.json(checkoutFormSchema);
    const cartId = call.cookie(CART_COOKIE);
    if (!cartId) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε ή έχει ήδη ολοκληρωθεί.');
    // Counted per address once the form is valid, so one client cannot pile up orders.
    await enforceLimit(container.limits, RATE_LIMITS.order, call.clientAddress, ORDER_LIMIT);
    const order = await placeOrder(container, cartId, form);
    return {
      body: { order: { number: order.number, url: `/order/${order.accessToken}` } },
      setCookies: [CLEARED_CART_COOKIE],
    };
  },
};
