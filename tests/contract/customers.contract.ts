import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer, Order } from '../../src/domain/orders/order.ts';
import type { OrderPort } from '../../src/ports/commerce.ts';
import type { OrderShop } from '../helpers/order-shop.ts';

/**
 * One empty orders backend for one test: `order` places an order of `totalCents` (7 € or more, no
 * shipping) for `customer`, and cancels it when asked, as the shop's own checkout and dashboard would.
 */
export type CustomersHarness = {
  orders: OrderPort;
  order(customer: Customer, totalCents: number, options?: { cancelled?: boolean }): Promise<Order>;
  close(): Promise<void> | void;
};

const MARIA = { name: 'Μαρία Παπαδάκη', email: 'Maria@Example.gr', phone: '6911111111' };
const NIKOS = { name: 'Νίκος Ιωάννου', email: 'nikos@example.gr', phone: '+306922222222' };

/** What every adapter of the orders port answers about customers (decision 086). */
export function customersContract(backend: string, open: () => Promise<CustomersHarness>): void {
  describe(`orders port contract: customers (${backend})`, () => {
    let harness: CustomersHarness;
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(async () => {
      await harness.close();
    });

    const list = (query: Partial<Parameters<OrderPort['listCustomers']>[0]> = {}) =>
      harness.orders.listCustomers({ sort: 'recent', page: 1, pageSize: 20, ...query });

    /** Maria twice (her email in two letter cases, then a cancelled order), Nikos once in between. */
    async function fixedOrders() {
      const first = await harness.order(MARIA, 1000);
      const nikos = await harness.order(NIKOS, 5000);
      const second = await harness.order(
        { name: 'Μαρία Π.', email: 'maria@example.GR', phone: '6933333333' },
        2500,
      );
      const cancelled = await harness.order({ ...MARIA, email: 'MARIA@example.gr' }, 9900, {
        cancelled: true,
      });
      return { first, nikos, second, cancelled };
    }

    it('has no customers before the first order', async () => {
      expect(await list()).toEqual({ customers: [], total: 0, page: 1, pageCount: 1, pageSize: 20 });
      expect(await harness.orders.allCustomers()).toEqual([]);
    });

    it('makes one customer of one email in any letter case, named as in the latest order; a cancelled order adds nothing to what was spent', async () => {
      const { nikos, cancelled } = await fixedOrders();
      const page = await list();
      expect(page.total).toBe(2);
      expect(page.customers).toEqual([
        {
          email: 'MARIA@example.gr',
          name: MARIA.name,
          phone: MARIA.phone,
          orderCount: 3,
          cancelledCount: 1,
          spentCents: 3500,
          lastOrderAt: cancelled.createdAt,
        },
        {
          email: NIKOS.email,
          name: NIKOS.name,
          phone: NIKOS.phone,
          orderCount: 1,
          cancelledCount: 0,
          spentCents: 5000,
          lastOrderAt: nikos.createdAt,
        },
      ]);
      expect(await harness.orders.allCustomers()).toEqual(page.customers);
    });

    it('sorts by the latest order, newest first, or by what was spent, most first', async () => {
      await fixedOrders();
      const emails = async (sort: 'recent' | 'spent') =>
        (await list({ sort })).customers.map((customer) => customer.email.toLowerCase());
      expect(await emails('recent')).toEqual(['maria@example.gr', 'nikos@example.gr']);
      expect(await emails('spent')).toEqual(['nikos@example.gr', 'maria@example.gr']);
    });

    it('finds a customer by any name, email or phone of their orders, accents and case ignored, and still sums them all', async () => {
      await fixedOrders();
      const found = async (search: string) =>
        (await list({ search })).customers.map((customer) => customer.email.toLowerCase());
      expect(await found('παπαδακη')).toEqual(['maria@example.gr']);
      expect(await found('ΜΑΡΙΑ Π.')).toEqual(['maria@example.gr']);
      expect(await found('NIKOS@')).toEqual(['nikos@example.gr']);
      expect(await found('6933333')).toEqual(['maria@example.gr']);
      expect(await found('example.gr')).toEqual(['maria@example.gr', 'nikos@example.gr']);
      expect(await found('100%')).toEqual([]);
      const maria = await list({ search: '6933333333' });
      expect(maria).toMatchObject({ total: 1, customers: [{ orderCount: 3, spentCents: 3500 }] });
    });

    it('pages on the server, bringing a page past the end back to the last', async () => {
      for (let index = 0; index < 3; index++)
        await harness.order(
          { name: `Πελάτης ${index}`, email: `buyer${index}@example.gr`, phone: '6900000000' },
          700,
        );
      const second = await list({ pageSize: 2, page: 2 });
      expect(second).toMatchObject({ total: 3, page: 2, pageCount: 2, pageSize: 2 });
      expect(second.customers.map((customer) => customer.email)).toEqual(['buyer0@example.gr']);
      expect((await list({ pageSize: 2, page: 9 })).page).toBe(2);
    });

    it("lists one customer's orders by their email in any letter case, and no one else's", async () => {
      const { first, second, cancelled } = await fixedOrders();
      await harness.order({ ...NIKOS, email: 'xmaria@example.gr' }, 800);
      const orders = await harness.orders.listOrders({ email: 'maria@EXAMPLE.gr', page: 1, pageSize: 20 });
      expect(orders.total).toBe(3);
      expect(orders.orders.map((order) => order.id)).toEqual([cancelled.id, second.id, first.id]);
    });
  });
}

/** The embedded engine's harness, on either database: an order per customer, each of a card of its own. */
export async function engineCustomersHarness(open: () => Promise<OrderShop>): Promise<CustomersHarness> {
  const { commerce, carts, orders, close } = await open();
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
    close,
  };
}
