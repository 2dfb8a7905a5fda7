/**
 * Page quality on every page type, one page load each: axe finds no problem, and a storefront page
 * loads at most the JavaScript budget. The Nu HTML checker (html-validity.spec.ts) and Lighthouse
 * (lighthouse.spec.ts) check pages of their own.
 */
import zlib from 'node:zlib';
import { ADMIN_SECTIONS, sectionPath } from '../src/domain/admin/sections.ts';
import { signInBody } from './fixtures/backends.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { axeViolations } from './support/axe.ts';
import { openSection } from './support/dashboard.ts';
import { newestProductPage, orderPage, PAGE_TYPES } from './support/page-types.ts';

/** Issue #4's budget: the JavaScript any storefront page makes a phone load, gzipped, in KB. */
const BUDGET_KB = 100;

/** Pages also checked on a phone, where the layout differs most. */
const PHONE = new Set([
  '/',
  '/singles',
  '/offers',
  '/cart',
  '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks',
]);

/**
 * Same template, markup and scripts as another entry of the list (or the same page), so the checks
 * would only repeat themselves.
 */
const REPEATS = new Set([
  '/contact',
  '/singles?page=2',
  '/singles?category=NBA',
  '/singles?search=celtics&sort=price-asc',
  '/player/Giannis%20Antetokounmpo',
  '/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion',
  // Without a session each section replaces itself with /admin-login, which the list has; signed
  // in, the dashboard's own tests below check them.
  ...ADMIN_SECTIONS.map((section) => sectionPath(section.slug)),
]);

/** Loaded, with the islands that hydrate at once (client:load and client:idle) hydrated. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]:is([client="load"], [client="idle"])')).toHaveCount(0);
}

/**
 * Opens a storefront page and checks it: axe finds no problem, and every script it loaded (modules
 * and the modules they import), gzipped at level 9 as a CDN would, adds up to at most the budget.
 * The scripts are fetched again by URL: a page that moves on by itself (the hosted checkout leaves
 * for Shopify's) takes its responses' bodies with it.
 */
async function checkStorefrontPage(page: Page, url: string): Promise<void> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);

  const sizes = await Promise.all(
    [...scripts].map(async (script): Promise<[string, number]> => {
      const body = await (await page.request.get(script)).body();
      return [script, zlib.gzipSync(body, { level: 9 }).byteLength];
    }),
  );
  const kb = sizes.reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;
  const largest = sizes
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([script, bytes]) => `${new URL(script).pathname} ${(bytes / 1024).toFixed(1)} KB`);
  expect(kb, `gzipped JavaScript; largest scripts: ${largest.join(', ')}`).toBeLessThanOrEqual(BUDGET_KB);
}

test('axe, as run here, reports what it is shown: a picture without a text, grey on grey', async ({
  page,
}) => {
  await page.setContent(
    '<html lang="el"><head><title>t</title></head><body><main><h1>t</h1><img src="/favicon.svg">' +
      '<p style="color:#777;background:#888">λίγη αντίθεση</p></main></body></html>',
  );
  const found = await axeViolations(page);
  expect(found.find((line) => line.startsWith('image-alt'))).toContain('img');
  expect(found.find((line) => line.startsWith('color-contrast'))).toContain('p');
});

/** Every page type: no axe violation of any impact; the storefront's within the budget too. */
for (const url of PAGE_TYPES.filter((candidate) => !REPEATS.has(candidate))) {
  const phone = PHONE.has(url) ? ' @phone' : '';
  if (url.startsWith('/admin'))
    test(`axe finds no problem on ${url}${phone}`, async ({ page }) => {
      await page.goto(url);
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  else
    test(`axe finds no problem on ${url}, which loads at most ${BUDGET_KB} KB of gzipped JavaScript${phone}`, async ({
      page,
    }) => {
      await checkStorefrontPage(page, url);
    });
}

test(`axe finds no problem on a product page, which loads at most ${BUDGET_KB} KB of gzipped JavaScript @phone`, async ({
  page,
}) => {
  await checkStorefrontPage(page, await newestProductPage());
});

test('axe finds no problem on an order confirmation page', async ({ page }) => {
  const url = await orderPage();
  test.skip(url === null, 'Shopify shows its own order page');
  await page.goto(url ?? '/');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

/** A signed-in dashboard section at its address, loaded (nothing left saying 'Φόρτωση...'). */
async function openLoaded(page: Page, slug: (typeof ADMIN_SECTIONS)[number]['slug']): Promise<void> {
  await openSection(page, slug);
  await settle(page);
  await expect(page.getByRole('main').getByText(/^Φόρτωση/)).toHaveCount(0);
}

test('axe finds no problem on the signed-in dashboard, with a sport and the new product form open', async ({
  page,
}) => {
  expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
  await openLoaded(page, 'products');
  await page.getByRole('button', { name: 'NBA', exact: true }).click();
  await expect(page.getByText(/^Εμφάνιση \d+ έως \d+ από \d+ προϊόντα$/)).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Προσθήκη Νέου Προϊόντος', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Τίτλος', { exact: false }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

// Every other section on its own page, open: a test each, so that each axe run has a whole test's
// time (the ten in one test ran out of it on an overloaded machine).
for (const { slug } of ADMIN_SECTIONS.filter((section) => section.slug !== 'products')) {
  test(`axe finds no problem on the signed-in dashboard's ${slug} section`, async ({ page }) => {
    expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
    await openLoaded(page, slug);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await axeViolations(page), slug).toEqual([]);
  });
}

test('axe finds no problem on a signed-in dashboard section on a phone @phone', async ({ page }) => {
  expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
  await openLoaded(page, 'orders');
  expect(await axeViolations(page)).toEqual([]);
});

test('axe finds no problem with the menus and the search results open', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('recently-added').getByRole('link').first().click();
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /SINGLES/ }).click();
  await page.getByRole('button', { name: 'NBA', exact: true }).click();
  await page.getByRole('button', { name: 'Central', exact: true }).click();
  await page.getByRole('button', { name: 'Milwaukee Bucks', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Giannis Antetokounmpo', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  const box = page.getByRole('combobox', { name: 'Αναζήτηση προϊόντων' });
  await expect(page.locator('astro-island', { has: box })).not.toHaveAttribute('ssr');
  await box.fill('Giannis');
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  expect(await axeViolations(page)).toEqual([]);
});
