import { openTempShop } from '../helpers/temp-shop.ts';
import { customersContract } from './customers.contract.ts';

// The embedded engine is the only adapter of the orders port: on Shopify, its checkout takes the
// orders and the dashboard shows no customers (decision 086).
customersContract('embedded engine (SQLite)', async () => {
  const shop = openTempShop();
  const { commerce, carts, orders } = shop.container;
  let key = 0;
  return {
    orders,
    async order(customer, totalCents, options = {}) {
      const { product } = await commerce.createProduct({
        title: `Κάρτα ${++key}`,
        priceCents: totalCents,
        quantity: 1,
        tags: [],
        productType: 'Card',
      });
      const cart = await carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
      const placed = await orders.placeOrder({
        cartId: cart.id,
        idempotencyKey: `customers-contract-${key}`,
        customer,
        delivery: { method: 'pickup' },
        payment: 'bank_transfer',
        notes: '',
        shipping: { courierFeeCents: 0, freeShippingFromCents: null },
      });
      if (!options.cancelled) return placed.order;
      return orders.setOrderStatus(placed.order.id, { status: 'cancelled' });
    },
    close: () => shop.remove(),
  };
});
