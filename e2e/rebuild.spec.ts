import { REBUILD_QUIET_MS, REBUILD_WAIT_MS } from './fixtures/rebuild-times.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, test } from './fixtures/test.ts';

test('a product added through the engine appears in Recently Added after the rebuild, with no restart', async ({
  page,
}) => {
  test.setTimeout(REBUILD_QUIET_MS + REBUILD_WAIT_MS + 60_000);
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
  await page.goto('/');
  await expect(page.getByTestId('recently-added').getByText(title)).toHaveCount(0);

  // Among the newest, not necessarily first: another spec may add a product meanwhile.
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByTestId('recently-added').getByTestId('product-card').filter({ hasText: title }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: REBUILD_QUIET_MS + REBUILD_WAIT_MS, intervals: [2_000] });
});
