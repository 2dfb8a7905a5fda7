import { escapeXml as escapeHtml } from '../../../scripts/seed/card-art.ts';
import {
  centsToDecimal,
  type DoubleCart,
  type DoubleOrder,
  type DoubleStore,
  decimalToCents,
} from './store.ts';

/** Shopify's hosted checkout, reduced to what a test needs: the lines, the total and a pay button. */
export function checkoutPage(store: DoubleStore, cart: DoubleCart): string {
  const lines = cart.lines
    .map((line) => ({ line, product: store.findVariant(line.variantId) }))
    .filter((entry) => entry.product !== undefined);
  const total = lines.reduce(
    (sum, { line, product }) => sum + decimalToCents(product?.variant.price ?? '0') * line.quantity,
    0,
  );
  const items = lines
    .map(({ line, product }) => `<li>${escapeHtml(product?.title ?? '')} × ${line.quantity}</li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body>
<main><h1>Checkout</h1><ul aria-label="Order summary">${items}</ul><p>Total: €${centsToDecimal(total)}</p>
<form method="post" action="/cart/c/${cart.token}/pay?key=${cart.key}">
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name" required></label>
<button type="submit">Pay now</button></form></main></body></html>`;
}

/** Completes a checkout: takes the stock (never below zero under DENY), records the order, ends the cart. */
export function payCart(store: DoubleStore, cart: DoubleCart, form: URLSearchParams): DoubleOrder {
  const order = store.recordOrder({
    lines: cart.lines,
    email: form.get('email'),
    customerName: form.get('name'),
  });
  store.carts.delete(cart.token);
  return order;
}
