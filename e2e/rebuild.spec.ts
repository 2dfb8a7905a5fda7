import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, test } from './fixtures/test.ts';

test('a product added through the engine appears in Recently Added after a rebuild, with no restart @postgres', async ({
  page,
}) => {
  const title = `E2E Rebuild Card ${Date.now()}`;
  const shop = openShop();
  try {
    await shop.commerce.createProduct({
      title,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 1250,
      quantity: 1,
    });
  } finally {
    shop.close();
  }
  // The pre-rendered home page still shows the build before the change.
  await page.goto('/');
  await expect(page.getByTestId('recently-added').getByText(title)).toHaveCount(0);

  await waitForStorefront();
  // The build is recorded a moment before every web worker serves it: read until one does. Among
  // the newest, not necessarily first.
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByTestId('recently-added').getByTestId('product-card').filter({ hasText: title }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
});
