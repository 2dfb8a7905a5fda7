import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { CUSTOMER_MESSAGES } from '../src/domain/customers/customer.ts';
import { STATUS_LABELS } from '../src/domain/orders/lifecycle.ts';
import type { Customer } from '../src/domain/orders/order.ts';
import { onShopify, signInBody } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

/**
 * The dashboard's customers (decision 086) through the admin API, on the real server: orders placed
 * on the engine, then the list, its search and sorts, one customer's orders and the CSV export.
 */

const ENDPOINTS = [
  '/api/admin/customers',
  '/api/admin/customers/orders?email=a%40b.gr',
  '/api/admin/customers/export',
];

/** Places an order the way checkout does, straight on the engine, and cancels it when asked. */
async function placeOrder(customer: Customer, priceCents: number, cancelled = false) {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      title: `E2E Customers Card ${crypto.randomUUID().slice(0, 8)}`,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents,
      quantity: 1,
    });
    const cart = await shop.carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
    const { order } = await shop.orders.placeOrder({
      cartId: cart.id,
      idempotencyKey: `e2e-customers-${crypto.randomUUID()}`,
      customer,
      delivery: { method: 'pickup' },
      payment: 'bank_transfer',
      notes: '',
      shipping: { courierFeeCents: 0, freeShippingFromCents: null },
    });
    return cancelled ? await shop.orders.setOrderStatus(order.id, { status: 'cancelled' }) : order;
  } finally {
    shop.close();
  }
}

async function signIn(request: APIRequestContext) {
  expect((await request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
}

type CustomerRow = {
  email: string;
  name: string;
  phone: string;
  orderCount: number;
  cancelledCount: number;
  spentCents: number;
  lastOrderAt: string;
};
type CustomerPage = {
  customers: CustomerRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

test('signed out, the customers endpoints answer 401', async ({ request }) => {
  for (const path of ENDPOINTS) expect((await request.get(path)).status(), path).toBe(401);
});

test("on a hosted checkout, the customers are the provider's: 503 with a Greek note @hosted", async ({
  request,
}) => {
  test.skip(!onShopify, 'the embedded engine lists its customers (the next tests)');
  await signIn(request);
  for (const path of ENDPOINTS) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      CUSTOMER_MESSAGES.unavailable('Shopify'),
    );
  }
});

test.describe('on the embedded engine', () => {
  test.skip(onShopify, "Shopify's checkout takes the orders there (decision 086)");

  test('one customer per email in any letter case, cancelled orders not spent; searched, sorted, their orders, CSV @postgres', async ({
    request,
  }) => {
    const tag = `c${Date.now().toString(36)}`;
    const eleni = { name: 'Ελένη Ε2Ε', email: `eleni.${tag}@example.gr`, phone: '+306912345678' };
    const first = await placeOrder(eleni, 1200);
    const kostas = await placeOrder(
      { name: 'Κώστας Ε2Ε', email: `kostas.${tag}@example.gr`, phone: '6900000001' },
      4000,
    );
    const second = await placeOrder({ ...eleni, name: 'Ελένη Νέα', email: `ELENI.${tag}@Example.GR` }, 1800);
    const cancelled = await placeOrder({ ...eleni, phone: '6977777777' }, 9000, true);

    await signIn(request);
    const list = async (query: string) => {
      const response = await request.get(`/api/admin/customers?${query}`);
      expect(response.status(), query).toBe(200);
      return (await response.json()) as CustomerPage;
    };

    const recent = await list(`search=${tag}`);
    expect(recent.total).toBe(2);
    expect(recent.customers).toEqual([
      {
        email: eleni.email,
        name: eleni.name,
        phone: '6977777777',
        orderCount: 3,
        cancelledCount: 1,
        spentCents: 3000,
        lastOrderAt: cancelled.createdAt,
      },
      {
        email: `kostas.${tag}@example.gr`,
        name: 'Κώστας Ε2Ε',
        phone: '6900000001',
        orderCount: 1,
        cancelledCount: 0,
        spentCents: 4000,
        lastOrderAt: kostas.createdAt,
      },
    ]);
    const bySpent = await list(`search=${tag}&sort=spent`);
    expect(bySpent.customers.map((customer) => customer.name)).toEqual(['Κώστας Ε2Ε', 'Ελένη Ε2Ε']);
    // An earlier name finds the customer too (accents ignored), with all their orders summed.
    const byOldName = await list(`search=${encodeURIComponent(`ελενη νεα ${tag}`)}`);
    expect(byOldName.customers).toMatchObject([{ email: eleni.email, orderCount: 3, spentCents: 3000 }]);
    expect((await list(`search=${tag}&pageSize=10&page=5`)).page).toBe(1);

    const orders = await request.get(
      `/api/admin/customers/orders?email=${encodeURIComponent(`Eleni.${tag}@EXAMPLE.gr`)}`,
    );
    expect(orders.status()).toBe(200);
    const theirs = (await orders.json()) as { total: number; orders: Array<{ id: string; status: string }> };
    expect(theirs.total).toBe(3);
    expect(theirs.orders.map((order) => order.id)).toEqual([cancelled.id, second.id, first.id]);
    expect(theirs.orders[0]?.status).toBe('cancelled');

    const csv = await request.get('/api/admin/customers/export');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="customers-[\d-]+\.csv"$/);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Email,Όνομα,Τηλέφωνο,Παραγγελίες,Ακυρωμένες,Σύνολο αγορών (EUR),Τελευταία παραγγελία',
    );
    expect(lines).toContain(`${eleni.email},${eleni.name},6977777777,3,1,30.00,${cancelled.createdAt}`);
    expect(lines).toContain(`kostas.${tag}@example.gr,Κώστας Ε2Ε,6900000001,1,0,40.00,${kostas.createdAt}`);
  });

  test('a query that does not parse is a Greek 400, and a phone starting with + is neutralised in the CSV', async ({
    request,
  }) => {
    const tag = `p${Date.now().toString(36)}`;
    const placed = await placeOrder(
      { name: '=Σκανδαλιάρης', email: `plus.${tag}@example.gr`, phone: '+306900000002' },
      800,
    );
    await signIn(request);
    for (const [query, field, message] of [
      ['sort=oldest', 'sort', CUSTOMER_MESSAGES.sort],
      ['pageSize=7', 'pageSize', CUSTOMER_MESSAGES.pageSize],
      ['page=0', 'page', 'Η τιμή πρέπει να είναι τουλάχιστον 1.'],
    ] as const) {
      const response = await request.get(`/api/admin/customers?${query}`);
      expect(response.status(), query).toBe(400);
      expect(await response.json()).toEqual({
        error: { kind: 'invalid', message: 'Μη έγκυρα δεδομένα.', fields: { [field]: message } },
      });
    }
    expect((await request.get('/api/admin/customers/orders')).status()).toBe(400);

    const lines = (await (await request.get('/api/admin/customers/export')).text()).split('\r\n');
    expect(lines).toContain(
      `plus.${tag}@example.gr,'=Σκανδαλιάρης,'+306900000002,1,0,8.00,${placed.createdAt}`,
    );
  });
});

test.describe('the dashboard section', () => {
  async function openCustomers(page: Page) {
    expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
    await openSection(page, 'customers');
    return page.getByRole('region', { name: /^Πελάτες/ });
  }

  test('on a hosted checkout, the section says where the customers are @hosted', async ({ page }) => {
    test.skip(!onShopify, 'the embedded engine lists its customers (the next test)');
    const section = await openCustomers(page);
    await expect(section.getByText(CUSTOMER_MESSAGES.unavailable('Shopify'))).toBeVisible();
  });

  test("lists, searches and sorts the customers, opens one's orders and an order's detail, exports CSV", async ({
    page,
  }) => {
    test.skip(onShopify, "Shopify's checkout takes the orders there (decision 086)");
    const tag = `u${Date.now().toString(36)}`;
    const anna = { name: 'Άννα Ε2Ε', email: `anna.${tag}@example.gr`, phone: '6911111111' };
    await placeOrder({ name: 'Βασίλης Ε2Ε', email: `vasilis.${tag}@example.gr`, phone: '6922222222' }, 5000);
    await placeOrder(anna, 1500);
    const cancelled = await placeOrder({ ...anna, email: `ANNA.${tag}@example.gr` }, 2500, true);

    const section = await openCustomers(page);
    await section.getByRole('searchbox', { name: /Αναζήτηση/ }).fill(tag);
    const rows = section.getByTestId('customer-row');
    await expect(rows).toHaveCount(2);
    // Latest order first: Anna's cancelled one; what she spent leaves it out.
    await expect(rows.first()).toContainText(`ANNA.${tag}@example.gr`);
    await expect(rows.first()).toContainText('2 παραγγελίες (1 ακυρωμένη)');
    await expect(rows.first()).toContainText('15,00 €');
    await expect(section.getByText('Εμφάνιση 1 έως 2 από 2 πελάτες')).toBeVisible();

    await section.getByLabel('Ταξινόμηση').selectOption('spent');
    await expect(rows.first()).toContainText('Βασίλης Ε2Ε');
    await section.getByRole('searchbox', { name: /Αναζήτηση/ }).fill(`άννα ${tag}`);
    await expect(rows).toHaveCount(1);

    await rows.first().getByRole('button').click();
    const customer = section.getByTestId('customer-detail');
    await expect(customer.getByRole('heading', { name: 'Πελάτης: Άννα Ε2Ε' })).toBeFocused();
    const orders = customer.getByTestId('customer-order-row');
    await expect(orders).toHaveCount(2);
    await expect(orders.first()).toContainText(STATUS_LABELS.cancelled);
    await orders.first().getByRole('button').click();
    await expect(
      section.getByTestId('order-detail').getByRole('heading', { name: `Παραγγελία ${cancelled.number}` }),
    ).toBeVisible();
    await section.getByRole('button', { name: '← Πίσω στις παραγγελίες' }).click();
    await section.getByRole('button', { name: '← Πίσω στους πελάτες' }).click();
    await expect(rows).toHaveCount(1);

    await section.getByRole('searchbox', { name: /Αναζήτηση/ }).fill(`κανείς-${tag}`);
    await expect(section.getByText(CUSTOMER_MESSAGES.noMatch)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Εξαγωγή πελατών σε CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(fs.readFileSync((await download.path()) ?? '', 'utf8')).toContain(
      `ANNA.${tag}@example.gr,Άννα Ε2Ε,6911111111,2,1,15.00,`,
    );
  });

  test("says when there are no customers yet, and shows a failure with the server's message", async ({
    page,
  }) => {
    test.skip(onShopify, "Shopify's checkout takes the orders there (decision 086)");
    const empty = { customers: [], total: 0, page: 1, pageCount: 1, pageSize: 20 };
    await page.route('**/api/admin/customers?*', (route) => route.fulfill({ json: empty }));
    const section = await openCustomers(page);
    await expect(section.getByText(CUSTOMER_MESSAGES.empty)).toBeVisible();

    await page.unroute('**/api/admin/customers?*');
    await page.route('**/api/admin/customers?*', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { kind: 'unavailable', message: 'Η βάση δεν απαντά.', fields: {} } },
      }),
    );
    await section.getByLabel('Ταξινόμηση').selectOption('spent');
    await expect(section.getByRole('alert')).toHaveText('Αποτυχία φόρτωσης πελατών: Η βάση δεν απαντά.');
  });
});
