import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer, Order } from '../../src/domain/orders/order.ts';
import { ORDER_SHOPS, type OrderShop } from '../helpers/order-shop.ts';

/**
 * The dashboard's searches find the same orders and customers on both databases (order-search.ts):
 * SQLite folds each column with its JavaScript function fold_text, PostgreSQL matches the fields
 * folded when the order was written. Accents, case, the final sigma, LIKE's own characters taken
 * literally, and letter case in emails folded for ASCII letters only (SQLite's NOCASE).
 */
const SHOPPERS: Record<string, Customer> = {
  zoe: { name: 'Ζωή Σταυροπούλου', email: 'Zoe.S@Example.gr', phone: '6911111111' },
  luka: { name: 'Luka DONČIĆ', email: 'luka@example.gr', phone: '6922222222' },
  percent: { name: 'Κάρτες 100% Α.Ε.', email: 'a_b@example.gr', phone: '6933333333' },
  underscore: { name: 'Νίκος Back\\slash', email: 'axb@example.gr', phone: '6944444444' },
  kostas: { name: 'Κώστας', email: 'kostas@example.gr', phone: '6955555555' },
};

let shop: OrderShop;
let placed: Record<string, Order>;

for (const [database, openShop] of ORDER_SHOPS)
  describe(`the dashboard's order searches: ${database}`, () => {
    beforeEach(async () => {
      shop = await openShop();
      const { product } = await shop.commerce.createProduct({
        title: 'Card',
        priceCents: 1000,
        quantity: 100,
        tags: [],
        productType: 'Card',
      });
      placed = {};
      for (const [key, customer] of Object.entries(SHOPPERS)) {
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
        placed[key] = (
          await shop.orders.placeOrder({
            cartId: cart.id,
            idempotencyKey: `order-search-${key}-0000000`,
            customer,
            delivery: { method: 'pickup' },
            payment: 'bank_transfer',
            notes: '',
            shipping: { courierFeeCents: 0, freeShippingFromCents: null },
          })
        ).order;
      }
    });
    afterEach(() => shop.close());

    const keyOf = (order: Order) =>
      Object.entries(placed).find(([, one]) => one.id === order.id)?.[0] ?? order.id;
    const found = async (search: string) =>
      (await shop.orders.listOrders({ search, page: 1, pageSize: 20 })).orders.map(keyOf).sort();
    const customers = async (search: string) =>
      (await shop.orders.listCustomers({ search, sort: 'recent', page: 1, pageSize: 20 })).customers
        .map((customer) => customer.email)
        .sort();

    it('fold accents, case and the final sigma, in the name, email or phone', async () => {
      expect(await found('σταυροπουλου')).toEqual(['zoe']);
      expect(await found('ΖΩΗ')).toEqual(['zoe']);
      expect(await found('doncic')).toEqual(['luka']);
      expect(await found('zoe.s@EXAMPLE')).toEqual(['zoe']);
      expect(await found('ΝΙΚΟΣ')).toEqual(['underscore']);
      expect(await found('νικοσ')).toEqual(['underscore']);
      expect(await found('6955')).toEqual(['kostas']);
      expect(await found('κωστασ 6955')).toEqual(['kostas']);
      expect(await found('κωστασ 6911')).toEqual([]);
    });

    it('find an order by its number, and every order by its prefix', async () => {
      expect(await found((placed.luka as Order).number.toLowerCase())).toEqual(['luka']);
      expect(await found('CV-')).toEqual(Object.keys(SHOPPERS).sort());
    });

    it("take LIKE's own characters literally, and find nothing for a NUL", async () => {
      expect(await found('0%')).toEqual(['percent']);
      expect(await found('a_b')).toEqual(['percent']);
      expect(await found('back\\slash')).toEqual(['underscore']);
      expect(await found('%')).toEqual(['percent']);
      expect(await found('\u0000')).toEqual([]);
      expect(await customers('a_b')).toEqual(['a_b@example.gr']);
      expect(await customers('\u0000')).toEqual([]);
    });

    it('search customers by name, email and phone but not by order number', async () => {
      expect(await customers('σταυροπουλου')).toEqual(['Zoe.S@Example.gr']);
      expect(await customers('cv-')).toEqual([]);
    });

    it('fold only the ASCII letters of an email, as SQLite NOCASE does', async () => {
      const emails = async (email: string) =>
        (await shop.orders.customerOrders(email)).map((order) => order.customer.email);
      expect(await emails('KOSTAS@example.GR')).toEqual(['kostas@example.gr']);
      // KELVIN SIGN lowers to k in Unicode, but not in ASCII: another address.
      expect(await emails('\u212Aostas@example.gr')).toEqual([]);
      expect(await emails('kostas@example.gr\u0000')).toEqual([]);
      const listed = await shop.orders.listOrders({ email: 'zoe.s@example.gr', page: 1, pageSize: 20 });
      expect(listed.orders.map(keyOf)).toEqual(['zoe']);
    });
  });
