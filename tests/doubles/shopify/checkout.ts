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
  const location = store.locations[0]?.id ?? 0;
  const lines = cart.lines.flatMap((line) => {
    const product = store.findVariant(line.variantId);
    if (!product) return [];
    const quantity = Math.min(line.quantity, store.sellable(product));
    if (quantity <= 0) return [];
    const available = store.available(product);
    if (available !== null) {
      const current = store.levels.get(product.variant.item.id)?.get(location) ?? 0;
      store.setAvailable(product.variant.item.id, location, current - quantity);
    }
    return [
      {
        variantId: product.variant.id,
        title: product.title,
        quantity,
        unitCents: decimalToCents(product.variant.price),
      },
    ];
  });
  const id = store.nextId('Order');
  const order: DoubleOrder = {
    id,
    name: `#${id}`,
    createdAt: store.now(),
    cancelledAt: null,
    email: form.get('email'),
    customerName: form.get('name'),
    financialStatus: 'PAID',
    fulfillmentStatus: 'UNFULFILLED',
    totalCents: lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0),
    lines,
  };
  store.orders.push(order);
  store.carts.delete(cart.token);
  return order;
}
