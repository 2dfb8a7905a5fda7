import { createLocalCarts } from '../../src/adapters/commerce-local/carts.ts';
import { createLocalCommerce } from '../../src/adapters/commerce-local/index.ts';
import { createLocalOrders } from '../../src/adapters/commerce-local/orders.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { customersContract } from './customers.contract.ts';

// The same adapter as on SQLite (customers.local.test.ts), built on a PostgreSQL database.
customersContract('embedded engine (PostgreSQL)', async () => {
  const database = await postgresTestDatabase();
  const commerce = createLocalCommerce(database.store);
  const carts = createLocalCarts(database.store);
  const orders = createLocalOrders(database.store);
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
    close: database.close,
  };
});
