import type { Product } from '../src/domain/catalog/product.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';

async function createCard(title: string, quantity = 2): Promise<Product> {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      title,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 1250,
      quantity,
    });
    return product;
  } finally {
    shop.close();
  }
}

const productUrl = (product: Product) => `/product/${encodeURIComponent(product.variantId)}`;

/** The heart once its island has hydrated, so a click reaches React. */
async function heart(page: Page, title: string) {
  const button = page.getByRole('button', { name: `Αγαπημένα: ${title}`, exact: true });
  await expect(page.locator('astro-island', { has: button })).not.toHaveAttribute('ssr');
  return button;
}

test('a heart keeps a product; /wishlist shows its price and stock and adds it to the cart @phone', async ({
  page,
}) => {
  const card = await createCard(`E2E Wishlist ${Date.now()}`);
  await page.goto(productUrl(card));
  const button = await heart(page, card.title);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('wishlist-link')).toHaveAttribute('data-count', '1');

  // The wishlist outlives a reload (localStorage).
  await page.reload();
  await expect(await heart(page, card.title)).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('wishlist-link').click();
  await expect(page).toHaveURL('/wishlist');
  const list = page.getByTestId('wishlist');
  await expect(list.locator(':scope > li')).toHaveCount(1);
  await expect(list).toContainText(card.title);
  await expect(list).toContainText('12,50');
  await list.getByRole('button', { name: 'Προσθήκη στο καλάθι' }).click();
  await expect(page.getByTestId('cart-link')).toHaveAttribute('data-count', '1');

  await (await heart(page, card.title)).click();
  await expect(page.getByTestId('wishlist-empty')).toBeVisible();
  await expect(page.getByTestId('wishlist-link')).toHaveAttribute('data-count', '0');
});

test('the wishlist is shared across tabs at once, and a product that is gone says so', async ({
  page,
  context,
}) => {
  const stamp = Date.now();
  const kept = await createCard(`E2E Kept ${stamp}`);
  const gone = await createCard(`E2E Gone ${stamp}`);
  await page.goto('/wishlist');
  await expect(page.getByTestId('wishlist-empty')).toBeVisible();

  const other = await context.newPage();
  await other.goto(productUrl(kept));
  await (await heart(other, kept.title)).click();
  // The first tab follows without a reload.
  await expect(page.getByTestId('wishlist')).toContainText(kept.title);
  await expect(page.getByTestId('wishlist-link')).toHaveAttribute('data-count', '1');

  await other.goto(productUrl(gone));
  await (await heart(other, gone.title)).click();
  await expect(page.getByTestId('wishlist').locator(':scope > li')).toHaveCount(2);
  const shop = openShop();
  try {
    await shop.commerce.deleteProduct(gone.id);
  } finally {
    shop.close();
  }
  await page.reload();
  const items = page.getByTestId('wishlist').locator(':scope > li');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Αυτό το προϊόν δεν είναι πλέον διαθέσιμο.');
  await items.first().getByRole('button', { name: 'Αφαίρεση' }).click();
  await expect(items).toHaveCount(1);
  await expect(other.getByTestId('wishlist-link')).toHaveAttribute('data-count', '1');
});

test('the wishlist API refuses more ids than a wishlist holds, in Greek', async ({ request }) => {
  const query = new URLSearchParams(Array.from({ length: 101 }, (_, index) => ['id', `id-${index}`]));
  const response = await request.get(`/api/wishlist?${query}`);
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({
    error: { message: 'Τα αγαπημένα μπορούν να έχουν έως 100 προϊόντα.' },
  });
});

test('cards carry the heart too: the singles grid and the server-rendered cards @phone', async ({ page }) => {
  const stamp = Date.now();
  const single = await createCard(`E2E Heart Single ${stamp}`);
  await page.goto(`/singles?search=${encodeURIComponent(`Heart Single ${stamp}`)}`);
  await (await heart(page, single.title)).click();
  await expect(page.getByTestId('wishlist-link')).toHaveAttribute('data-count', '1');

  // An unknown product's page lists the newest products as server-rendered cards.
  const newest = await createCard(`E2E Heart Newest ${stamp}`);
  await page.goto('/product/no-such-card');
  const card = page.getByTestId('recently-added').locator(':scope > li', { hasText: newest.title });
  const button = card.getByRole('button', { name: `Αγαπημένα: ${newest.title}`, exact: true });
  await button.scrollIntoViewIfNeeded();
  await expect(card.locator('astro-island')).not.toHaveAttribute('ssr');
  await button.click();
  await expect(page.getByTestId('wishlist-link')).toHaveAttribute('data-count', '2');

  await page.goto('/wishlist');
  const items = page.getByTestId('wishlist').locator(':scope > li');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(newest.title);
  await expect(await heart(page, newest.title)).toHaveAttribute('aria-pressed', 'true');
});
