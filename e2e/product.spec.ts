import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { Product, ProductInput } from '../src/domain/catalog/product.ts';
import { BEST_VALUE_PICKS_TITLES, HOT_PICKS_TITLES } from '../src/domain/catalog/title-lists.ts';
import { backendEnv, largeImage, onShopify } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Locator, type Page, test } from './fixtures/test.ts';

const PLACEHOLDER = '/images/placeholder-card.svg';
const productUrl = (id: string) => `/product/${encodeURIComponent(id)}`;

/** Small solid-colour PNGs, told apart by colour; stored through the media port like an upload. */
async function storeImages(colours: string[]): Promise<Array<{ id: string; url: string }>> {
  const shop = openShop();
  try {
    const stored = [];
    for (const [index, colour] of colours.entries()) {
      const png = await sharp({ create: { width: 50, height: 70, channels: 3, background: colour } })
        .png()
        .toBuffer();
      stored.push(await shop.media.store(png, `e2e-gallery-${index}.png`));
    }
    return stored;
  } finally {
    shop.close();
  }
}

async function createProduct(input: Partial<ProductInput> & { title: string }): Promise<Product> {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 450,
      quantity: 3,
      ...input,
    });
    return product;
  } finally {
    shop.close();
  }
}

/** Waits until the island around `inside` has hydrated (Astro drops `ssr` then), so clicks reach React. */
async function hydrated(inside: Locator): Promise<void> {
  await inside.scrollIntoViewIfNeeded();
  await expect(inside.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
}

type JsonLdProduct = {
  '@type': string;
  name: string;
  sku: string;
  url: string;
  image: string[];
  brand?: { '@type': string; name: string };
  offers?: Record<string, unknown> & { availability: string };
};

/** The Product node of the page's one JSON-LD block (a graph with the breadcrumbs). */
const jsonLdOf = async (page: Page): Promise<JsonLdProduct> => {
  const graph = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as {
    '@graph'?: JsonLdProduct[];
  };
  const product = graph['@graph']?.find((node) => node['@type'] === 'Product');
  if (!product) throw new Error('no Product in the JSON-LD');
  return product;
};

test('opens by variant id and by product id, with one canonical address @phone', async ({ page }) => {
  const product = await createProduct({
    title: `E2E Product Page ${Date.now()}`,
    tags: ['Olympiacos', 'Panathinaikos'],
    descriptionHtml: '<p>Κάρτα σε <strong>άριστη</strong> κατάσταση.</p><ul><li>Με θήκη</li></ul>',
  });

  for (const id of [product.variantId, product.id]) {
    const response = await page.goto(productUrl(id));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page).toHaveTitle(`${product.title} | CardVault`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname).toBe(productUrl(product.variantId));
  }

  await expect(page.getByTestId('product-teams')).toHaveText('Olympiacos, Panathinaikos');
  await expect(page.getByTestId('product-price')).toHaveText(/4,50\s€/);
  await expect(page.getByTestId('product-availability')).toHaveText('Διαθέσιμα: 3');
  await expect(page.getByTestId('product-description').locator('strong')).toHaveText('άριστη');
  await expect(page.getByTestId('product-description').getByRole('listitem')).toHaveText('Με θήκη');
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  // The title leads, so cards with the same condition text still differ.
  expect(description).toMatch(
    new RegExp(`^${product.title}: 4,50\\s€ στο CardVault\\. Κάρτα σε άριστη κατάσταση\\. Με θήκη$`),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${product.title} | CardVault`,
  );
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description ?? '');
  // No image yet: the gallery shows the placeholder.
  await expect(page.getByTestId('product-gallery')).toHaveAttribute('src', PLACEHOLDER);
});

test('an unknown id answers 404 with the spec text', async ({ page }) => {
  for (const id of ['gid://shop/ProductVariant/999999999', 'no-such-card']) {
    const response = await page.goto(productUrl(id));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Το προϊόν δεν βρέθηκε' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow');
  }
});

test('an unknown product is no dead end: a search of the cards and the newest products @phone', async ({
  page,
}) => {
  const newest = await createProduct({ title: `E2E Newest ${Date.now()} Sasha Vezenkov` });
  const response = await page.goto(productUrl('gid://shop/ProductVariant/999999999'));
  expect(response?.status()).toBe(404);
  const recent = page.getByTestId('recently-added').locator(':scope > li');
  await expect(recent).toHaveCount(6);
  await expect(recent.filter({ hasText: newest.title })).toHaveCount(1);

  const search = page.getByTestId('not-found-search');
  await search.getByRole('searchbox', { name: 'Αναζήτηση καρτών' }).fill('Vezenkov');
  await search.getByRole('button', { name: 'Αναζήτηση' }).click();
  await expect(page).toHaveURL(/\/singles\?search=Vezenkov$/);
  await expect(page.getByRole('link', { name: newest.title }).first()).toBeVisible();
});

test('a product page shows more cards of its player, without itself @phone', async ({ page }) => {
  const stamp = Date.now();
  const older = await createProduct({ title: `E2E Prizm Sasha Vezenkov ${stamp}` });
  const newer = await createProduct({ title: `E2E Select Sasha Vezenkov ${stamp}` });
  const alone = await createProduct({ title: `E2E Nobody Known ${stamp}` });

  await page.goto(productUrl(older.variantId));
  const row = page.getByTestId('more-of-player');
  await expect(row.getByRole('heading', { name: 'Περισσότερες κάρτες του Sasha Vezenkov' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Όλες οι κάρτες του Sasha Vezenkov' })).toHaveAttribute(
    'href',
    '/player/Sasha%20Vezenkov/Olympiacos',
  );
  await expect(row.getByRole('link', { name: newer.title })).toBeVisible();
  await expect(row.getByRole('link', { name: older.title })).toHaveCount(0);

  await page.goto(productUrl(alone.variantId));
  await expect(page.getByRole('heading', { level: 1, name: alone.title })).toBeVisible();
  await expect(page.getByTestId('more-of-player')).toHaveCount(0);
});

test('the gallery cycles images and opens a full-screen overlay that traps focus @hosted @phone', async ({
  page,
}) => {
  const images = await storeImages(['#e11d48', '#15803d', '#1d4ed8']);
  const product = await createProduct({
    title: `E2E Gallery ${Date.now()}`,
    mediaIds: images.map((image) => image.id),
  });
  const urls = product.images.map((image) => image.url);
  expect(urls).toHaveLength(3);
  await page.goto(productUrl(product.variantId));

  const gallery = page.getByTestId('product-gallery');
  const opener = gallery.getByRole('button', { name: /^Προβολή σε πλήρη οθόνη/ });
  // The large image is the 800-wide variant; the overlay shows the original.
  const large = opener.getByTestId('gallery-image');
  await hydrated(opener);
  await expect(gallery.getByRole('button', { name: /^Εικόνα \d από 3$/ })).toHaveCount(3);
  await expect(large).toHaveAttribute('src', largeImage(urls[0] ?? ''));

  // Arrows and thumbnails on the page; both ends wrap.
  await gallery.getByRole('button', { name: 'Προηγούμενη εικόνα' }).click();
  await expect(large).toHaveAttribute('src', largeImage(urls[2] ?? ''));
  await gallery.getByRole('button', { name: 'Επόμενη εικόνα' }).click();
  await expect(large).toHaveAttribute('src', largeImage(urls[0] ?? ''));
  await gallery.getByRole('button', { name: 'Εικόνα 2 από 3' }).click();
  await expect(large).toHaveAttribute('src', largeImage(urls[1] ?? ''));
  await expect(gallery.getByRole('button', { name: 'Εικόνα 2 από 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // The overlay opens on the shown image, with focus on its close button.
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('button', { name: 'Κλείσιμο' })).toBeFocused();
  const shown = dialog.getByTestId('gallery-image');
  await expect(shown).toHaveAttribute('src', urls[1] ?? '');
  await expect(dialog.getByTestId('gallery-position')).toHaveText('2 / 3');

  await dialog.getByRole('button', { name: 'Επόμενη εικόνα' }).click();
  await expect(shown).toHaveAttribute('src', urls[2] ?? '');
  await dialog.getByRole('button', { name: 'Επόμενη εικόνα' }).click();
  await expect(shown).toHaveAttribute('src', urls[0] ?? '');
  await page.keyboard.press('ArrowLeft');
  await expect(shown).toHaveAttribute('src', urls[2] ?? '');
  await page.keyboard.press('ArrowRight');
  await expect(shown).toHaveAttribute('src', urls[0] ?? '');
  await dialog.getByRole('button', { name: 'Εικόνα 2 από 3' }).click();
  await expect(shown).toHaveAttribute('src', urls[1] ?? '');

  // Tab and Shift+Tab stay inside: close, two arrows and three thumbnails, round and round.
  for (const key of [...Array(8).fill('Tab'), ...Array(8).fill('Shift+Tab')] as string[]) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(large).toHaveAttribute('src', largeImage(urls[1] ?? ''));

  // The close button closes it too.
  await opener.click();
  await dialog.getByRole('button', { name: 'Κλείσιμο' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

/** A product whose one image is gone: its file deleted on the engine, a dead CDN address on Shopify. */
async function productWithBrokenImage(request: APIRequestContext): Promise<Product> {
  const title = `E2E Broken Image ${Date.now()}`;
  if (onShopify) {
    const store = backendEnv().SHOPIFY_STORE_DOMAIN ?? '';
    const seeded = await request.post(`${store}/__double/seed`, {
      data: {
        products: [
          { title, priceCents: 450, quantity: 3, images: [{ url: `${store}/cdn/tmp/gone/broken.png` }] },
        ],
      },
    });
    expect(seeded.ok()).toBe(true);
    const shop = openShop();
    try {
      const found = (
        await shop.commerce.searchProducts({ search: title, sort: 'newest', page: 1, pageSize: 1 })
      ).products[0];
      if (!found) throw new Error('seeded product is not on the storefront');
      return found;
    } finally {
      shop.close();
    }
  }
  const [image] = await storeImages(['#f59e0b']);
  if (!image) throw new Error('image not stored');
  const product = await createProduct({ title, mediaIds: [image.id] });
  await fs.rm(path.join(process.env.E2E_DATA_DIR ?? '', 'media', path.basename(image.url)));
  return product;
}

test('an image that fails to load falls back to the placeholder', async ({ page, request }) => {
  const product = await productWithBrokenImage(request);
  await page.goto(productUrl(product.variantId));
  const large = page.getByTestId('gallery-image').first();
  await expect(large).toHaveAttribute('src', PLACEHOLDER);
});

test('JSON-LD describes the product, its price and its stock', async ({ page }) => {
  const stamp = Date.now();
  const inStock = await createProduct({ title: `E2E JSON-LD ${stamp}`, priceCents: 1250, quantity: 2 });
  await page.goto(productUrl(inStock.id));
  const data = await jsonLdOf(page);
  expect(data['@type']).toBe('Product');
  expect(data.name).toBe(inStock.title);
  expect(data.sku).toBe(inStock.variantId);
  expect(new URL(data.url).pathname).toBe(productUrl(inStock.variantId));
  expect(data.image).toEqual([expect.stringMatching(/^https?:\/\/.+placeholder-card\.svg$/)]);
  expect(data.offers).toMatchObject({
    '@type': 'Offer',
    price: '12.50',
    priceCurrency: 'EUR',
    availability: 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/NewCondition',
    url: data.url,
    sku: inStock.variantId,
    shippingDetails: { shippingRate: { value: '3.50', currency: 'EUR' } },
  });

  const soldOut = await createProduct({ title: `E2E Sold Out ${stamp}`, priceCents: 300, quantity: 0 });
  await page.goto(productUrl(soldOut.variantId));
  expect((await jsonLdOf(page)).offers?.availability).toBe('https://schema.org/OutOfStock');
  await expect(page.getByTestId('product-availability')).toHaveText('Εξαντλήθηκε');
  await expect(
    page.getByTestId('product-details').getByRole('button', { name: 'Προσθήκη στο καλάθι' }),
  ).toHaveCount(0);
});

test('OpenGraph marks a product with its image and address', async ({ page }) => {
  const [image] = await storeImages(['#0ea5e9']);
  if (!image) throw new Error('image not stored');
  const product = await createProduct({ title: `E2E OpenGraph ${Date.now()}`, mediaIds: [image.id] });
  await page.goto(productUrl(product.id));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  const ogUrl = await page.locator('meta[property="og:url"]').getAttribute('content');
  expect(new URL(ogUrl ?? '').pathname).toBe(productUrl(product.variantId));
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  // An absolute address of the product's first image (the engine's /media/ file, or Shopify's CDN file).
  const imageUrl = new URL(product.images[0]?.url ?? '', ogImage ?? undefined);
  expect(new URL(ogImage ?? '').pathname).toBe(imageUrl.pathname);
});

test('a hostile description renders inert', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const product = await createProduct({
    title: `E2E </script><script>alert('xss-title')</script> ${Date.now()}`,
    descriptionHtml: [
      '<p>Ασφαλής περιγραφή</p>',
      "<script>alert('xss-script')</script>",
      '<img src=x onerror="alert(\'xss-img\')">',
      '<a href="javascript:alert(\'xss-link\')">κλικ</a>',
      '<svg onload="alert(\'xss-svg\')"><circle r="4"/></svg>',
      '<iframe src="javascript:alert(\'xss-frame\')"></iframe>',
      '<p style="color:red" onmouseover="alert(\'xss-hover\')">στυλ</p>',
    ].join(''),
  });
  await page.goto(productUrl(product.variantId));
  const description = page.getByTestId('product-description');
  await expect(description).toContainText('Ασφαλής περιγραφή');
  await description.getByText('κλικ').click();
  await description.getByText('στυλ').hover();

  const html = await description.innerHTML();
  expect(html).not.toMatch(/<script|<img|<svg|<iframe|onerror|onload|onmouseover|javascript:|style=/i);
  expect(await description.locator('a').getAttribute('href')).toBeNull();
  // The title's payload stays text, in the heading and in the JSON-LD.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
  expect((await jsonLdOf(page)).name).toBe(product.title);
  // One JSON-LD block (the title did not close it), and no other script carries a payload.
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  const scripts = await page
    .locator('script:not([type="application/ld+json"])')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  expect(scripts.some((text) => text.includes('xss-'))).toBe(false);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

/** The seeded pick titled `title`, with its stock set to `quantity`; returns a function that restores it. */
async function withStock(
  title: string,
  quantity: number,
): Promise<{ product: Product; restore: () => Promise<void> }> {
  const shop = openShop();
  try {
    const { products } = await shop.commerce.searchProducts({
      titles: [title],
      sort: 'newest',
      page: 1,
      pageSize: 1,
    });
    const product = products[0];
    if (!product) throw new Error(`the seed has no product titled ${title}`);
    const input = (stock: number): ProductInput => ({
      title: product.title,
      descriptionHtml: product.descriptionHtml,
      tags: product.tags,
      productType: product.productType,
      priceCents: product.priceCents ?? 0,
      quantity: stock,
      mediaIds: product.images.map((image) => image.id),
    });
    const before = product.available ?? 0;
    if (before !== quantity) await shop.commerce.updateProduct(product.id, input(quantity));
    return {
      product,
      restore: async () => {
        if (before === quantity) return;
        const again = openShop();
        try {
          await again.commerce.updateProduct(product.id, input(before));
        } finally {
          again.close();
        }
      },
    };
  } finally {
    shop.close();
  }
}

test('Hot Picks and Best Value Picks: cards in list order, steppers capped at stock @phone', async ({
  page,
}) => {
  const hotTitle = HOT_PICKS_TITLES[0] ?? '';
  const cheapTitle = BEST_VALUE_PICKS_TITLES[0] ?? '';
  const { product: pick, restore } = await withStock(hotTitle, 1);
  const { restore: restoreCheap } = await withStock(cheapTitle, 5);
  try {
    const product = await createProduct({ title: `E2E Recommendations ${Date.now()}` });

    // Put the pick's only copy in the cart from its own page.
    await page.goto(productUrl(pick.variantId));
    const buy = page.getByRole('button', { name: 'Προσθήκη στο καλάθι' }).first();
    await hydrated(buy);
    await buy.click();
    await expect(page.getByText('Προστέθηκε στο καλάθι.')).toBeVisible();
    // Its own page leaves it out of its Hot Picks.
    const ownHot = page.getByRole('region', { name: 'Hot Picks' });
    await expect(ownHot.getByTestId('recommendation-card').filter({ hasText: hotTitle })).toHaveCount(0);

    await page.goto(productUrl(product.variantId));
    for (const [name, titles] of [
      ['Hot Picks', HOT_PICKS_TITLES],
      ['Best Value Picks', BEST_VALUE_PICKS_TITLES],
    ] as const) {
      const section = page.getByRole('region', { name });
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(name);
      await expect(section.getByTestId('recommendation-card').getByRole('heading')).toHaveText([...titles]);
    }

    // The cart holds the whole stock: the stepper shows 0, plus is off, and adding says why.
    const full = page.getByTestId('recommendation-card').filter({ hasText: hotTitle });
    await hydrated(full);
    await expect(full.getByTestId('stepper-value')).toHaveText('0');
    await expect(full.getByRole('button', { name: 'Περισσότερα' })).toBeDisabled();
    await expect(full.getByRole('button', { name: 'Λιγότερα' })).toBeDisabled();
    await full.getByRole('button', { name: 'Προσθήκη στο καλάθι' }).click();
    await expect(full.getByRole('alert')).toHaveText(
      'Δεν μπορείς να προσθέσεις περισσότερα από 1 τεμάχια αυτού του προϊόντος.',
    );

    // A card with stock to spare: starts at 1, adds, and starts again at 1.
    const cheap = page.getByTestId('recommendation-card').filter({ hasText: cheapTitle });
    await hydrated(cheap);
    await expect(cheap.getByTestId('stepper-value')).toHaveText('1');
    await expect(cheap.getByRole('button', { name: 'Λιγότερα' })).toBeDisabled();
    await cheap.getByRole('button', { name: 'Περισσότερα' }).click();
    await expect(cheap.getByTestId('stepper-value')).toHaveText('2');
    await cheap.getByRole('button', { name: 'Προσθήκη στο καλάθι' }).click();
    await expect(cheap.getByText('Προστέθηκε στο καλάθι.')).toBeVisible();
    await expect(cheap.getByTestId('stepper-value')).toHaveText('1');
    await expect(page.getByTestId('cart-link')).toHaveAttribute('data-count', '3');
  } finally {
    await restore();
    await restoreCheap();
  }
});

test('Recommendation rows shown on another product page still work, and follow a stock change', async ({
  page,
}) => {
  const cheapTitle = BEST_VALUE_PICKS_TITLES[0] ?? '';
  const { restore } = await withStock(cheapTitle, 2);
  try {
    const first = await createProduct({ title: `E2E Rows A ${Date.now()}` });
    const second = await createProduct({ title: `E2E Rows B ${Date.now()}` });
    const cheapCard = () => page.getByTestId('recommendation-card').filter({ hasText: cheapTitle });

    // The same rows on two pages (the second may show the HTML the first rendered): each works.
    for (const product of [first, second]) {
      await page.goto(productUrl(product.variantId));
      const card = cheapCard();
      await hydrated(card);
      await card.getByRole('button', { name: 'Περισσότερα' }).click();
      await expect(card.getByTestId('stepper-value')).toHaveText('2');
      await expect(card.getByRole('button', { name: 'Περισσότερα' })).toBeDisabled();
    }
    const card = cheapCard();
    await card.getByRole('button', { name: 'Λιγότερα' }).click();
    await card.getByRole('button', { name: 'Προσθήκη στο καλάθι' }).click();
    await expect(card.getByText('Προστέθηκε στο καλάθι.')).toBeVisible();
    await expect(page.getByTestId('cart-link')).toHaveAttribute('data-count', '1');

    // More stock: the next request shows it (before any rebuild), and the stepper goes further
    // (one is in the cart already).
    const { restore: restoreMore } = await withStock(cheapTitle, 4);
    try {
      await page.goto(productUrl(second.variantId));
      const again = cheapCard();
      await hydrated(again);
      const more = again.getByRole('button', { name: 'Περισσότερα' });
      await more.click();
      await more.click();
      await expect(again.getByTestId('stepper-value')).toHaveText('3');
    } finally {
      await restoreMore();
    }
  } finally {
    await restore();
  }
});
