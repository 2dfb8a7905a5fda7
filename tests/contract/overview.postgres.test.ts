import { createLocalCarts } from '../../src/adapters/commerce-local/carts.ts';
import { createLocalCommerce } from '../../src/adapters/commerce-local/index.ts';
import { createLocalOrders } from '../../src/adapters/commerce-local/orders.ts';
import { createLocalOverview } from '../../src/adapters/commerce-local/overview.ts';
import { parseGid } from '../../src/adapters/sqlite/ids.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { overviewContract } from './overview.contract.ts';

// The same adapter as on SQLite (overview.local.test.ts), built on a PostgreSQL database.
overviewContract('embedded engine (PostgreSQL)', async () => {
  const database = await postgresTestDatabase();
  const { store } = database;
  const commerce = createLocalCommerce(store);
  const carts = createLocalCarts(store);
  const orders = createLocalOrders(store);
  let keys = 0;
  return {
    overview: createLocalOverview(store),
    async product(input) {
      return (await commerce.createProduct(input)).product.variantId;
    },
    async order(lines, at, status = 'pending') {
      const cart = await carts.addCartLines(
        null,
        lines.map((line) => ({ merchandiseId: line.variantId, quantity: line.quantity })),
      );
      const { order } = await orders.placeOrder({
        cartId: cart.id,
        idempotencyKey: `overview-contract-${String(keys++).padStart(8, '0')}`,
        customer: { name: 'Μαρία Παπαδοπούλου', email: 'maria@example.gr', phone: '6912345678' },
        delivery: { method: 'pickup' },
        payment: 'bank_transfer',
        notes: '',
        shipping: { courierFeeCents: 0, freeShippingFromCents: null },
      });
      // Fixed times and statuses are the fixture's, written straight into the orders table.
      await store.db
        .updateTable('orders')
        .set({ created_at: at, status })
        .where('id', '=', Number(parseGid('Order', order.id)))
        .execute();
    },
    close: database.close,
  };
});
