import type { Cart } from '../../domain/cart/cart.ts';
import { canCheckout } from '../../domain/cart/cart-rules.ts';
import { AppError } from '../../domain/errors.ts';
import type { Container } from '../container.ts';

/**
 * Where checkout and orders differ by commerce backend; the one place that says so.
 *
 * - embedded (the local engine): the cart's checkoutUrl is the shop's own /checkout form; the shop
 *   places the order (OrderPort), shows /order/{token}, mails both sides, and the dashboard moves
 *   orders along paid / shipped / cancelled.
 * - hosted (Shopify): the shopper pays on Shopify's checkout page (the cart's checkoutUrl). The
 *   browser never gets that URL directly: the cart link goes to CHECKOUT_START, which checks the
 *   7 € minimum on the server before it redirects there. Shopify takes the order; the dashboard
 *   lists Shopify's orders read-only (HostedOrdersPort) with links to the Shopify admin, and the
 *   shop's own order endpoint refuses.
 */
export type CheckoutKind = 'embedded' | 'hosted';

export const CHECKOUT_START = '/api/checkout';

export const checkoutKind = (container: Pick<Container, 'hostedOrders'>): CheckoutKind =>
  container.hostedOrders ? 'hosted' : 'embedded';

/** The cart as the browser sees it: on a hosted checkout its link goes through the server's checks. */
export function shopperCart<T extends Cart | null>(container: Pick<Container, 'hostedOrders'>, cart: T): T {
  if (!cart || checkoutKind(container) === 'embedded') return cart;
  return { ...cart, checkoutUrl: CHECKOUT_START };
}

export const HOSTED_CHECKOUT_MESSAGE = 'Η πληρωμή γίνεται στη σελίδα ολοκλήρωσης αγοράς του Shopify.';

/** The shop's own order form works only where the shop takes orders itself. */
export function requireEmbeddedCheckout(container: Pick<Container, 'hostedOrders'>): void {
  if (checkoutKind(container) === 'hosted') throw new AppError('conflict', HOSTED_CHECKOUT_MESSAGE);
}

/**
 * Where the checkout button leads for this cart: back to /cart when there is nothing to pay for or
 * the total is under the 7 € minimum (the cart page says why), else the backend's checkout.
 */
export async function checkoutTarget(
  container: Pick<Container, 'carts' | 'hostedOrders'>,
  cartId: string | null,
): Promise<string> {
  const cart = cartId ? await container.carts.getCart(cartId) : null;
  if (!cart || cart.lines.length === 0) return '/cart';
  if (!canCheckout(cart.subtotalCents)) return '/cart';
  return checkoutKind(container) === 'hosted' ? cart.checkoutUrl : '/checkout';
}
