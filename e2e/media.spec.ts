import sharp from 'sharp';
import { onShopify } from './fixtures/backends.ts';
import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, test } from './fixtures/test.ts';

const YEAR_IMMUTABLE = /max-age=31536000, immutable/;

/** Stores a 1600-wide JPEG straight into the server's data folder and gives its public URL. */
async function storeLargeJpeg(): Promise<string> {
  const shop = openShop();
  try {
    const jpeg = await sharp({ create: { width: 1600, height: 1120, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer();
    return (await shop.media.store(jpeg, 'e2e-variants.jpg')).url;
  } finally {
    shop.close();
  }
}

test.describe('responsive product images', () => {
  // The engine's own resized copies under /media/; on Shopify the images come from Shopify's CDN as they are.
  test.skip(onShopify, 'the embedded engine stores and resizes images; Shopify serves them');

  test('Recently Added images offer the ?w= variants and the browser picks one', async ({ page }) => {
    // Other specs add products without images; make the newest one have a stored image.
    const shop = openShop();
    try {
      const jpeg = await sharp({ create: { width: 1200, height: 1680, channels: 3, background: '#0f766e' } })
        .jpeg()
        .toBuffer();
      const media = await shop.media.store(jpeg, 'e2e-recent.jpg');
      await shop.commerce.createProduct({
        title: `E2E Responsive ${Date.now()}`,
        priceCents: 700,
        quantity: 1,
        tags: ['Olympiacos'],
        mediaIds: [media.id],
      });
    } finally {
      shop.close();
    }
    await waitForStorefront();
    await page.goto('/');
    const images = page.getByTestId('recently-added').getByRole('img');
    await expect(images.first()).toBeVisible();

    const attributes = await images.evaluateAll((imgs) =>
      imgs.map((img) => ({ src: img.getAttribute('src') ?? '', srcset: img.getAttribute('srcset') })),
    );
    // Other specs add products without images (placeholder, no srcset) to the same shop.
    const stored = attributes.filter(({ src }) => src.startsWith('/media/'));
    expect(stored.length).toBeGreaterThan(0);
    for (const { src, srcset } of stored) {
      expect(srcset).toBe(`${src}?w=320 320w, ${src}?w=480 480w, ${src}?w=800 800w`);
    }
    for (const { src, srcset } of attributes.filter(({ src }) => !src.startsWith('/media/'))) {
      expect(srcset, src).toBeNull();
    }

    const first = images.and(page.locator('[src^="/media/"]')).first();
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/media\/[^/?]+\?w=(320|480|800)$/);
  });

  test('?w=480 answers a 480-wide WebP cached for a year; other widths answer 400', async ({ request }) => {
    const url = await storeLargeJpeg();

    const variant = await request.get(`${url}?w=480`);
    expect(variant.status()).toBe(200);
    expect(variant.headers()['content-type']).toBe('image/webp');
    expect(variant.headers()['cache-control']).toMatch(YEAR_IMMUTABLE);
    const metadata = await sharp(await variant.body()).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 480, 336]);

    const original = await request.get(url);
    expect(original.status()).toBe(200);
    expect(original.headers()['content-type']).toBe('image/jpeg');
    expect(original.headers()['cache-control']).toMatch(YEAR_IMMUTABLE);

    for (const width of ['123', '481', '5000', '0480', 'abc', '']) {
      expect((await request.get(`${url}?w=${width}`)).status(), `?w=${width}`).toBe(400);
    }
    expect((await request.get('/media/1700000000000-abcdef-nope.jpg?w=480')).status()).toBe(404);
    expect((await request.get('/media/..%2Fshop.db?w=480')).status()).toBe(404);
  });
});
