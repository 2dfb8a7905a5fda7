import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_PRODUCTS } from '../src/adapters/commerce-shopify/documents/admin.ts';
import { STOREFRONT_PRODUCTS } from '../src/adapters/commerce-shopify/documents/storefront.ts';
import { readCurrentBuild } from '../src/server/rebuild/current-build.ts';
import { backendEnv, onShopify, signInBody } from './fixtures/backends.ts';
import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

/**
 * What only the Shopify mode has (e2e/fixtures/backends.ts): Shopify's checkout page, Shopify's
 * orders in the dashboard, the products/* webhook, the proxies, and no token in what the browser
 * gets. The rest of the suite runs on both backends.
 */
test.skip(!onShopify, 'fully hosted run only (E2E_BACKENDS=hosted)');

const doubleUrl = () => backendEnv().SHOPIFY_STORE_DOMAIN ?? '';

async function createCard(title: string, priceCents: number, quantity: number) {
  const shop = openShop();
  try {
    return (
      await shop.commerce.createProduct({
        title,
        priceCents,
        quantity,
        tags: ['Olympiacos'],
        productType: 'Card',
      })
    ).product;
  } finally {
    shop.close();
  }
}

async function addToCart(page: Page, variantId: string) {
  await page.goto(`/product/${encodeURIComponent(variantId)}`);
  const details = page.getByTestId('product-details');
  await expect(details.locator('astro-island[ssr]')).toHaveCount(0);
  await details.getByRole('button', { name: 'Προσθήκη στο καλάθι' }).click();
  await expect(page.getByText('Προστέθηκε στο καλάθι.')).toBeVisible();
}

test("checkout goes to Shopify's page only from 7 €; the paid order is listed in the dashboard with a link to the Shopify admin @hosted", async ({
  page,
  context,
}) => {
  const stamp = Date.now();
  const cheap = await createCard(`E2E Shopify Cheap ${stamp}`, 500, 3);
  const pricey = await createCard(`E2E Shopify Pricey ${stamp}`, 450, 3);

  await addToCart(page, cheap.variantId);
  await page.goto('/cart');
  await expect(page.getByRole('button', { name: 'Ολοκλήρωση αγοράς' })).toBeDisabled();
  // The minimum holds on the server too: the checkout link sends a 5 € cart back to the cart.
  await page.goto('/api/checkout');
  await expect(page).toHaveURL(/\/cart$/);

  await addToCart(page, pricey.variantId);
  await page.goto('/cart');
  const checkout = page.getByRole('link', { name: 'Ολοκλήρωση αγοράς' });
  // The browser never holds Shopify's checkout URL; the server's link checks, then hands over.
  await expect(checkout).toHaveAttribute('href', '/api/checkout');
  await checkout.click();
  await expect(page).toHaveURL(new RegExp(`^${doubleUrl()}/cart/c/\\w+\\?key=\\w+$`));
  const summary = page.getByRole('list', { name: 'Order summary' });
  await expect(summary).toContainText(cheap.title);
  await expect(summary).toContainText(pricey.title);
  await expect(page.getByText('Total: €9.50')).toBeVisible();
  await page.getByLabel('Email').fill(`buyer-${stamp}@example.com`);
  await page.getByLabel('Name').fill(`Πελάτης ${stamp}`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  const orderName = ((await page.getByText(/^Order #\d+$/).textContent()) ?? '').replace('Order ', '');
  expect(orderName).toMatch(/^#\d+$/);

  const shop = openShop();
  try {
    expect((await shop.commerce.getProduct(cheap.id))?.available).toBe(2);
    expect((await shop.commerce.getProduct(pricey.id))?.available).toBe(2);
  } finally {
    shop.close();
  }

  expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
  await openSection(page, 'orders');
  await expect(page.getByText('Οι παραγγελίες γίνονται στο Shopify.', { exact: false })).toBeVisible();
  const row = page.getByTestId('order-row').filter({ hasText: orderName });
  await expect(row).toContainText(`Πελάτης ${stamp}`);
  await expect(row).toContainText('9,50');
  await expect(row.getByTestId('order-status')).toHaveText('Πληρωμένη');
  await expect(row).toContainText('Προς αποστολή');
  // Read-only here: no status buttons; the order is handled in the Shopify admin.
  await expect(row.getByRole('button')).toHaveCount(0);
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    row.getByRole('link', { name: /Άνοιγμα στο Shopify/ }).click(),
  ]);
  await expect(opened.getByRole('heading', { name: `Order ${orderName}` })).toBeVisible();
});

test('a product changed in the Shopify admin reaches the storefront through the signed products/* webhook @hosted', async ({
  page,
  request,
}) => {
  await waitForStorefront();
  const contentVersion = async () => {
    const shop = openShop();
    try {
      return await shop.builds.contentVersion();
    } finally {
      shop.close();
    }
  };
  const title = `E2E Shopify Admin Card ${Date.now()}`;
  // Made in "the Shopify admin": straight in the store, not through the shop.
  const seeded = await request.post(`${doubleUrl()}/__double/seed`, {
    data: { products: [{ title, tags: ['Olympiacos'], productType: 'Card', priceCents: 1300, quantity: 1 }] },
  });
  expect(seeded.ok()).toBe(true);

  const body = JSON.stringify({ id: 1, title });
  const secret = backendEnv().SHOPIFY_WEBHOOK_SECRET ?? '';
  const signature = createHmac('sha256', secret).update(body).digest('base64');
  const forged = await request.post('/api/webhooks/shopify', {
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'products/create',
      'x-shopify-hmac-sha256': 'AAAA',
    },
    data: body,
  });
  expect(forged.status()).toBe(401);
  const before = await contentVersion();
  const signed = await request.post('/api/webhooks/shopify', {
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'products/create',
      'x-shopify-hmac-sha256': signature,
    },
    data: body,
  });
  expect(signed.status()).toBe(200);
  // The webhook moved the content version: the storefront is stale until a build has the change.
  expect(await contentVersion()).toBeGreaterThan(before);

  await waitForStorefront();
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByTestId('recently-added').getByTestId('product-card').first()).toContainText(
      title,
      {
        timeout: 1_000,
      },
    );
  }).toPass({ timeout: 30_000, intervals: [1_000] });
});

test('the proxies forward only the shop’s own documents; the admin proxy needs a signed-in admin @hosted', async ({
  request,
}) => {
  const query = { query: ADMIN_PRODUCTS, variables: { first: 1 } };
  expect((await request.post('/api/shopify-admin', { data: query })).status()).toBe(401);
  expect((await request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
  const answer = await request.post('/api/shopify-admin?api_version=2026-04', { data: query });
  expect(answer.status()).toBe(200);
  expect(
    ((await answer.json()) as { data: { products: { edges: unknown[] } } }).data.products.edges,
  ).toHaveLength(1);
  const relay = await request.post('/api/shopify-admin', { data: { query: '{ shop { name email } }' } });
  expect(relay.status()).toBe(400);

  const storefront = await request.post('/api/shopify-storefront', {
    data: { query: STOREFRONT_PRODUCTS, variables: { first: 2 } },
  });
  expect(
    ((await storefront.json()) as { data: { products: { edges: unknown[] } } }).data.products.edges,
  ).toHaveLength(2);
});

test('no token or secret reaches the browser: not in the built client files, not in the pages @hosted', async ({
  request,
}) => {
  const settings = backendEnv();
  const secrets = [
    settings.SHOPIFY_STOREFRONT_TOKEN,
    settings.SHOPIFY_ADMIN_TOKEN,
    settings.SHOPIFY_WEBHOOK_SECRET,
  ].filter((value): value is string => Boolean(value));
  expect(secrets).toHaveLength(3);
  const current = readCurrentBuild(process.env.E2E_DATA_DIR ?? '');
  if (!current) throw new Error('no current storefront build');
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else files.push(full);
    }
  };
  visit(path.join(current.outputDir, 'client'));
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(5);
  for (const file of files) {
    const text = fs.readFileSync(file).toString('latin1');
    for (const secret of secrets)
      expect(text.includes(secret), `${secret.slice(0, 6)}… in ${file}`).toBe(false);
  }
  for (const url of ['/', '/singles', '/cart', '/admin-dashboard', '/api/cart', '/api/products']) {
    const text = await (await request.get(url)).text();
    for (const secret of secrets) expect(text.includes(secret), url).toBe(false);
  }
});
