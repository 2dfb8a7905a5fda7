import type { Overview } from '../src/domain/overview/figures.ts';
import { localDay } from '../src/domain/overview/shop-time.ts';
import { formatEuro } from '../src/domain/text/money.ts';
import { placeOrder } from '../src/server/orders/place-order.ts';
import { backendEnv, onShopify, signInBody } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';

/**
 * The dashboard's overview (issue 33): its figures against orders this test places, in the shop's
 * own checkout on the embedded engine, on Shopify's checkout page in the hosted run (decision 091).
 */
async function signIn(page: Page) {
  expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
}

async function overviewNow(page: Page): Promise<Overview> {
  const response = await page.request.get('/api/admin/overview');
  expect(response.status()).toBe(200);
  return (await response.json()) as Overview;
}

test('the overview adds up the orders just placed: revenue, new orders, best sellers, stock, chart @phone @postgres', async ({
  page,
}) => {
  test.skip(onShopify, "Shopify's checkout takes the orders: the next test places one there");
  await signIn(page);
  const before = await overviewNow(page);
  if (!before.sales) throw new Error('the embedded engine has sales figures');

  const title = `E2E Overview ${Date.now()}`;
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      title,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 1250,
      quantity: 3,
    });
    for (const quantity of [1, 1]) {
      const cart = await shop.carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity }]);
      await placeOrder(shop, cart.id, {
        name: 'Ελένη Ε2Ε',
        email: 'overview@example.gr',
        phone: '6912345678',
        delivery: { method: 'pickup' },
        payment: 'bank_transfer',
        notes: '',
        idempotencyKey: `e2e-overview-${crypto.randomUUID().replaceAll('-', '')}`,
      });
    }
  } finally {
    shop.close();
  }

  const after = await overviewNow(page);
  if (!after.sales) throw new Error('the embedded engine has sales figures');
  expect(after.sales.newOrders).toBe(before.sales.newOrders + 2);
  for (const period of ['today', 'week', 'month'] as const)
    expect(after.sales.totals[period]).toEqual({
      revenueCents: before.sales.totals[period].revenueCents + 2500,
      orders: before.sales.totals[period].orders + 2,
    });
  const today = after.sales.days.at(-1);
  expect(today?.day).toBe(localDay(new Date()));
  expect(after.sales.days).toHaveLength(90);

  await page.goto('/admin-dashboard');
  const overview = page.getByTestId('overview');
  await expect(overview.getByTestId('figure-today')).toContainText(
    formatEuro(after.sales.totals.today.revenueCents),
  );
  await expect(overview.getByTestId('figure-today')).toContainText(
    `${after.sales.totals.today.orders} παραγγελ`,
  );
  await expect(overview.getByTestId('figure-new-orders')).toContainText(String(after.sales.newOrders));
  await expect(overview.getByTestId('figure-waiting')).toContainText(String(after.alerts.waiting));
  await expect(
    overview.getByTestId('best-sellers').getByRole('listitem').filter({ hasText: title }),
  ).toContainText(`2 τεμ. · ${formatEuro(2500)}`);
  await expect(overview.getByTestId('sales-by-sport')).toContainText('EUROLEAGUE');
  await expect(
    overview.getByTestId('low-stock').getByRole('listitem').filter({ hasText: title }),
  ).toContainText('1 τεμ.');

  // Nothing pushes the page sideways on a phone (long titles are cut, the chart takes the width).
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // The chart draws (uPlot's canvas), 30 days at first, 90 on a press; the table holds the figures.
  await expect(overview.getByTestId('sales-chart').locator('canvas')).toHaveCount(1);
  await overview.getByRole('button', { name: '90 ημέρες' }).click();
  await expect(overview.getByRole('button', { name: '90 ημέρες' })).toHaveAttribute('aria-pressed', 'true');
  await overview.getByText('Τα ποσά ανά ημέρα').click();
  const rows = overview.getByTestId('sales-days').locator('tbody tr');
  await expect(rows).toHaveCount(90);
  await expect(rows.first()).toContainText(formatEuro(today?.revenueCents ?? 0));
});

/** The amount in a figure's text as el-GR writes it ('1.234,50 €'), in cents. */
function centsIn(text: string): number {
  const amount = /([\d.]+,\d{2})\s*€/.exec(text)?.[1] ?? '';
  return Math.round(Number(amount.replaceAll('.', '').replace(',', '.')) * 100);
}

test("on Shopify, an order paid on Shopify's checkout page shows in the overview: revenue, new orders, best sellers, stock @hosted", async ({
  page,
}) => {
  test.skip(!onShopify, 'fully hosted run only (E2E_BACKENDS=hosted)');
  const title = `E2E Overview Shopify ${Date.now()}`;
  const shop = openShop();
  let variantId = '';
  try {
    const { product } = await shop.commerce.createProduct({
      title,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 1250,
      quantity: 3,
    });
    variantId = product.variantId ?? '';
  } finally {
    shop.close();
  }
  await signIn(page);
  const before = await overviewNow(page);
  if (!before.sales) throw new Error("the overview sums Shopify's orders");

  // Two copies, paid on the double's checkout page (the other hosted specs may order at the same time).
  await page.goto(`/product/${encodeURIComponent(variantId)}`);
  const details = page.getByTestId('product-details');
  await expect(details.locator('astro-island[ssr]')).toHaveCount(0);
  await details.getByRole('button', { name: 'Περισσότερα' }).click();
  await details.getByRole('button', { name: 'Προσθήκη στο καλάθι' }).click();
  await expect(page.getByText('Προστέθηκε στο καλάθι.')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Ολοκλήρωση αγοράς' }).click();
  await expect(page).toHaveURL(new RegExp(`^${backendEnv().SHOPIFY_STORE_DOMAIN}/cart/c/`));
  await page.getByLabel('Email').fill('overview@example.gr');
  await page.getByLabel('Name').fill('Ελένη Ε2Ε');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText(/^Order #\d+$/)).toBeVisible();

  const after = await overviewNow(page);
  if (!after.sales || !after.stock) throw new Error("the overview sums Shopify's orders and stock");
  // At least this order's: the hosted run's other specs share the one Shopify double.
  expect(after.sales.newOrders).toBeGreaterThanOrEqual(before.sales.newOrders + 1);
  for (const period of ['today', 'week', 'month'] as const) {
    expect(after.sales.totals[period].revenueCents).toBeGreaterThanOrEqual(
      before.sales.totals[period].revenueCents + 2500,
    );
    expect(after.sales.totals[period].orders).toBeGreaterThanOrEqual(before.sales.totals[period].orders + 1);
  }
  expect(after.sales.days.at(-1)?.day).toBe(localDay(new Date()));
  expect(after.sales.bestSellers).toContainEqual({ variantId, title, quantity: 2, revenueCents: 2500 });
  expect(after.stock.low.items).toContainEqual(expect.objectContaining({ title, available: 1 }));

  await page.goto('/admin-dashboard');
  const overview = page.getByTestId('overview');
  const today = overview.getByTestId('figure-today');
  await expect(today).toContainText('€');
  const shown = (await today.textContent()) ?? '';
  expect(centsIn(shown)).toBeGreaterThanOrEqual(after.sales.totals.today.revenueCents);
  expect(Number(/(\d+) παραγγελ/.exec(shown)?.[1])).toBeGreaterThanOrEqual(after.sales.totals.today.orders);
  await expect(
    overview.getByTestId('best-sellers').getByRole('listitem').filter({ hasText: title }),
  ).toContainText(`2 τεμ. · ${formatEuro(2500)}`);
  await expect(
    overview.getByTestId('low-stock').getByRole('listitem').filter({ hasText: title }),
  ).toContainText('1 τεμ.');
  await expect(overview.getByTestId('sales-chart').locator('canvas')).toHaveCount(1);
  await expect(page.getByText('Τις πωλήσεις τις έχει το κατάστημα στο Shopify')).toHaveCount(0);
});

test('the overview and its API are for a signed-in admin only', async ({ request }) => {
  expect((await request.get('/api/admin/overview')).status()).toBe(401);
});
