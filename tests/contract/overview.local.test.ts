import { createLocalOverview } from '../../src/adapters/commerce-local/overview.ts';
import { parseGid } from '../../src/adapters/sqlite/ids.ts';
import { openTempShop } from '../helpers/temp-shop.ts';
import { overviewContract } from './overview.contract.ts';

overviewContract('embedded engine (SQLite)', async () => {
  const shop = openTempShop();
  const { container } = shop;
  let keys = 0;
  return {
    overview: createLocalOverview(container.database),
    async product(input) {
      return (await container.commerce.createProduct(input)).product.variantId;
    },
    async order(lines, at, status = 'pending') {
      const cart = await container.carts.addCartLines(
        null,
        lines.map((line) => ({ merchandiseId: line.variantId, quantity: line.quantity })),
      );
      const { order } = await container.orders.placeOrder({
        cartId: cart.id,
        idempotencyKey: `overview-contract-${String(keys++).padStart(8, '0')}`,
        customer: { name: 'Μαρία Παπαδοπούλου', email: 'maria@example.gr', phone: '6912345678' },
        delivery: { method: 'pickup' },
        payment: 'bank_transfer',
        notes: '',
        shipping: { courierFeeCents: 0, freeShippingFromCents: null },
      });
      // Fixed times and statuses are the fixture's, written straight into the engine's table.
      await container.database.db
        .updateTable('orders')
        .set({ created_at: at, status })
        .where('id', '=', Number(parseGid('Order', order.id)))
        .execute();
    },
    close: async () => shop.remove(),
  };
});
