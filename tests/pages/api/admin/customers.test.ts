import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '../../../../src/domain/customers/customer.ts';
import { GET as EXPORT } from '../../../../src/pages/api/admin/customers/export.ts';
import { GET as LIST } from '../../../../src/pages/api/admin/customers/index.ts';
import { GET as ORDERS } from '../../../../src/pages/api/admin/customers/orders.ts';
import type { Container } from '../../../../src/server/container.ts';
import { openTempShop, type TempShop } from '../../../helpers/temp-shop.ts';

let shop: TempShop;

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  shop.remove();
});

type Endpoint = (context: APIContext) => Response | Promise<Response>;

const call = (endpoint: Endpoint, query: string, container: Container = shop.container) =>
  endpoint({
    locals: { container },
    url: new URL(`http://shop.test/api/admin/customers${query}`),
  } as unknown as APIContext);

async function order(email: string, name: string, phone: string, priceCents: number) {
  const { commerce, carts, orders } = shop.container;
  const { product } = await commerce.createProduct({
    title: `Κάρτα ${name}`,
    priceCents,
    quantity: 1,
    tags: [],
    productType: 'Card',
  });
  const cart = await carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
  return orders.placeOrder({
    cartId: cart.id,
    idempotencyKey: `customers-api-${crypto.randomUUID()}`,
    customer: { name, email, phone },
    delivery: { method: 'pickup' },
    payment: 'bank_transfer',
    notes: '',
    shipping: { courierFeeCents: 0, freeShippingFromCents: null },
  });
}

describe('/api/admin/customers', () => {
  it('answers a page of customers, sorted and searched', async () => {
    await order('a@example.gr', 'Άννα', '6911111111', 900);
    await order('b@example.gr', 'Βασίλης', '6922222222', 2000);
    const response = await call(LIST, '?sort=spent&page=1&pageSize=10');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { customers: Array<{ email: string }>; total: number };
    expect(body.total).toBe(2);
    expect(body.customers.map((customer) => customer.email)).toEqual(['b@example.gr', 'a@example.gr']);
    const found = (await (await call(LIST, '?search=%CE%B1%CE%BD%CE%BD%CE%B1')).json()) as typeof body;
    expect(found.customers.map((customer) => customer.email)).toEqual(['a@example.gr']);
  });

  it('refuses a bad query with a Greek 400 and says which part', async () => {
    const bad = async (query: string) => {
      const response = await call(LIST, query);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { message: string; fields: Record<string, string> } })
        .error;
    };
    expect(await bad('?sort=name')).toEqual({
      kind: 'invalid',
      message: 'Μη έγκυρα δεδομένα.',
      fields: { sort: CUSTOMER_MESSAGES.sort },
    });
    expect((await bad('?pageSize=13')).fields).toEqual({ pageSize: CUSTOMER_MESSAGES.pageSize });
    expect((await bad('?page=0')).fields.page).toMatch(/^Η τιμή πρέπει να είναι τουλάχιστον 1/);
    expect((await bad('?page=abc')).fields.page).toBe('Πρέπει να είναι αριθμός.');
    expect((await bad(`?search=${'α'.repeat(101)}`)).fields.search).toBe('Έως 100 χαρακτήρες.');
    expect((await call(ORDERS, '?email=')).status).toBe(400);
  });

  it("lists one customer's orders by email, letter case ignored", async () => {
    await order('Maria@example.gr', 'Μαρία', '6911111111', 900);
    await order('other@example.gr', 'Άλλος', '6911111111', 900);
    await order('maria@EXAMPLE.gr', 'Μαρία', '6911111111', 1200);
    const response = await call(ORDERS, '?email=MARIA%40example.gr');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { total: number; orders: Array<{ totalCents: number }> };
    expect(body.total).toBe(2);
    expect(body.orders.map((placed) => placed.totalCents)).toEqual([1200, 900]);
  });

  it('exports every customer as CSV, cells a spreadsheet would run neutralised', async () => {
    await order('a@example.gr', '=cmd', '+306911111111', 900);
    const response = await call(EXPORT, '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="customers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The BOM, so spreadsheet programs read UTF-8 (decoding the text would drop it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe(
      'Email,Όνομα,Τηλέφωνο,Παραγγελίες,Ακυρωμένες,Σύνολο αγορών (EUR),Τελευταία παραγγελία',
    );
    expect(lines[1]).toMatch(/^a@example\.gr,'=cmd,'\+306911111111,1,0,9\.00,\d{4}-/);
  });

  it('with a hosted checkout, answers 503 with a Greek note naming the provider', async () => {
    const hosted: Container = {
      ...shop.container,
      hostedOrders: { provider: 'Shopify', listOrders: async () => ({ orders: [], nextCursor: null }) },
    };
    for (const endpoint of [LIST, EXPORT]) {
      const response = await call(endpoint, '', hosted);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        CUSTOMER_MESSAGES.unavailable('Shopify'),
      );
    }
    expect((await call(ORDERS, '?email=a%40example.gr', hosted)).status).toBe(503);
  });
});
