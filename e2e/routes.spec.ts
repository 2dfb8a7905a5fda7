import { expect, test } from '@playwright/test';

const ROUTES = [
  '/',
  '/singles',
  '/singles?category=NBA',
  '/mystery-packs',
  '/LOT',
  '/offers',
  '/about-us',
  '/contact-us',
  '/contact',
  '/coming-soon',
  '/cart',
  '/admin-login',
  '/admin-dashboard',
  '/accessibility',
  '/privacy',
  '/cookies',
  '/terms',
  '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks',
  '/player/Giannis%20Antetokounmpo',
];

test('every route of the spec answers inside the shop layout', async ({ page }) => {
  for (const route of ROUTES) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    await expect(page.getByRole('link', { name: 'Αρχική σελίδα' }).first(), route).toBeVisible();
    await expect(page.locator('html'), route).toHaveAttribute('lang', 'el');
  }
});

test('a product page opens by variant id and by product id; an unknown one says so', async ({ page }) => {
  await page.goto('/');
  const first = page.getByTestId('recently-added').getByRole('link').first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/product\/gid%3A%2F%2Fshop%2FProductVariant%2F\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const response = await page.goto(`/product/${encodeURIComponent('gid://shop/Product/999999')}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Το προϊόν δεν βρέθηκε' })).toBeVisible();
});

test('player pages follow the spec rules; an unknown player shows nothing', async ({ page }) => {
  const response = await page.goto('/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks');
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Giannis Antetokounmpo | Milwaukee Bucks' }),
  ).toBeVisible();
  const cards = page.getByTestId('player-cards').getByRole('link');
  await expect(cards.first()).toBeVisible();
  for (const title of await cards.allTextContents()) {
    expect(title.toLowerCase()).toContain('giannis antetokounmpo');
    expect(title).toContain('Milwaukee Bucks');
  }

  // Not in any category: nothing is shown, and the answer is 404.
  const unknown = await page.goto('/player/Nobody%20Special/Milwaukee%20Bucks');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId('player-cards')).toHaveCount(0);
});
