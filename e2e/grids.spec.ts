import type { Product, ProductInput } from '../src/domain/catalog/product.ts';
import type { CatalogQuery } from '../src/domain/catalog/query.ts';
import { LOT_TITLES, MYSTERY_PACK_TITLES } from '../src/domain/catalog/title-lists.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';

/** Reads products straight from the engine, to compare the pages with the data. */
async function engineProducts(filters: Partial<CatalogQuery>): Promise<Product[]> {
  const shop = openShop();
  try {
    const page = await shop.commerce.searchProducts({ sort: 'newest', page: 1, pageSize: 250, ...filters });
    return page.products;
  } finally {
    shop.close();
  }
}

/** Creates an offer card (tag 'offer', type Card) with a known stock, after the last build. */
async function createOffer(title: string, quantity: number): Promise<Product> {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      title,
      tags: ['Olympiacos', 'offer'],
      productType: 'Card',
      priceCents: 350,
      quantity,
    });
    return product;
  } finally {
    shop.close();
  }
}

const asInput = (product: Product, tags: string[]): ProductInput => ({
  title: product.title,
  descriptionHtml: product.descriptionHtml,
  tags,
  productType: product.productType,
  priceCents: product.priceCents ?? 0,
  quantity: product.available ?? 0,
  mediaIds: product.images.map((image) => image.id),
});

/** Opens a grid page and waits until the island has read live stock and price. */
async function openGrid(page: Page, path: string) {
  await page.goto(path);
  const grid = page.getByTestId('product-grid');
  await expect(grid).toHaveAttribute('data-refreshed', 'true');
  return grid;
}

const titlesOf = async (page: Page) =>
  (await page.getByTestId('grid-card').getByRole('heading').allTextContents()).map((title) => title.trim());

const cardTitled = (page: Page, title: string) => page.getByTestId('grid-card').filter({ hasText: title });

test('mystery packs: the packs by their exact titles or type, linking to their product pages', async ({
  page,
}) => {
  // Other specs make packs of their own (decision 089), in parallel: compare once both agree.
  let packs: Product[] = [];
  await expect(async () => {
    packs = await engineProducts({ kind: 'mystery-pack' });
    await openGrid(page, '/mystery-packs');
    expect((await titlesOf(page)).sort()).toEqual(packs.map((pack) => pack.title).sort());
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Mystery Packs' })).toBeVisible();
  // Both of the spec's packs are there, whatever else the owner added.
  expect(packs.map((pack) => pack.title)).toEqual(expect.arrayContaining([...MYSTERY_PACK_TITLES]));
  await expect(page.getByText('Loading mystery packs...')).toHaveCount(0);
  for (const pack of packs.filter((found) => MYSTERY_PACK_TITLES.some((title) => title === found.title))) {
    const card = cardTitled(page, pack.title);
    await expect(card.getByRole('link', { name: pack.title })).toHaveAttribute(
      'href',
      `/product/${encodeURIComponent(pack.variantId)}`,
    );
    await expect(card.getByTestId('grid-card-category')).toHaveText('Mystery Pack');
    await expect(card.getByTestId('stepper-value')).toHaveText('1');
    await expect(card.getByRole('button', { name: 'Προσθήκη στο καλάθι' })).toBeEnabled();
  }
});

test('LOT: the products whose title is in the LOT list, or of type LOT', async ({ page }) => {
  let lots: Product[] = [];
  await expect(async () => {
    lots = await engineProducts({ kind: 'lot' });
    await openGrid(page, '/LOT');
    expect(await titlesOf(page)).toEqual(lots.map((lot) => lot.title));
  }).toPass({ timeout: 30_000 });
  expect(lots.filter((lot) => LOT_TITLES.includes(lot.title)).length).toBeGreaterThan(0);
  expect(lots.every((lot) => LOT_TITLES.includes(lot.title) || lot.productType === 'LOT')).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'LOT' })).toBeVisible();
  await expect(page.getByTestId('grid-card-category').first()).toHaveText('LOT');
});

test('offers: only cards tagged offer with type Card, and a way back home', async ({ page }) => {
  const offers = await engineProducts({ tag: 'offer', productType: 'Card' });
  expect(offers.length).toBeGreaterThan(0);
  await openGrid(page, '/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Προσφορές' })).toBeVisible();
  await expect(page.getByTestId('grid-card')).toHaveCount(offers.length);
  expect(await titlesOf(page)).toEqual(offers.map((offer) => offer.title));
  await expect(page.getByTestId('grid-card-category').first()).toHaveText('Card');
  await expect(page.getByRole('link', { name: 'Επιστροφή στην αρχική' })).toHaveAttribute('href', '/');
});

test('the grid has 6 columns on a desktop and 2 on a phone @phone', async ({ page }) => {
  await openGrid(page, '/mystery-packs');
  const width = page.viewportSize()?.width ?? 0;
  const columns = await page
    .getByTestId('grid-list')
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(width >= 1024 ? 6 : 2);
});

test('adding from a grid card fills the header cart and resets the stepper', async ({ page }) => {
  await openGrid(page, '/mystery-packs');
  const cartLink = page.getByTestId('cart-link');
  await expect(cartLink).toHaveAttribute('data-count', '0');
  const card = cardTitled(page, MYSTERY_PACK_TITLES[0]);
  await card.getByRole('button', { name: 'Περισσότερα' }).click();
  await expect(card.getByTestId('stepper-value')).toHaveText('2');
  await card.getByRole('button', { name: 'Προσθήκη στο καλάθι' }).click();
  await expect(cartLink).toHaveAttribute('data-count', '2');
  // A short confirmation beside the button, in a live region (read by screen readers).
  const added = card.getByTestId('grid-added');
  await expect(added).toHaveText('Προστέθηκε στο καλάθι');
  await expect(added).toHaveRole('status');
  await expect(card.getByTestId('stepper-value')).toHaveText('1');
  await expect(card.getByRole('button', { name: 'Λιγότερα' })).toBeDisabled();
});

test('the stepper stops at the stock and shows 0 once the cart holds all of it', async ({ page }) => {
  // Created after the last build: the island's refresh brings it onto the page.
  const offer = await createOffer(`E2E Offer Two Left ${Date.now()}`, 2);
  await openGrid(page, '/offers');
  const card = cardTitled(page, offer.title);
  const plus = card.getByRole('button', { name: 'Περισσότερα' });
  const add = card.getByRole('button', { name: 'Προσθήκη στο καλάθι' });
  await plus.click();
  await expect(card.getByTestId('stepper-value')).toHaveText('2');
  await expect(plus).toBeDisabled();
  await add.click();
  await expect(page.getByTestId('cart-link')).toHaveAttribute('data-count', '2');
  await expect(card.getByTestId('stepper-value')).toHaveText('0');
  await expect(plus).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Λιγότερα' })).toBeDisabled();
  // Nothing more fits, so there is nothing to add (an over-stock add is ignored on list pages).
  await expect(add).toBeDisabled();
  // Once the confirmation has gone, the card says why.
  await expect(
    card.getByText('Δεν μπορείς να προσθέσεις περισσότερα από 2 τεμάχια αυτού του προϊόντος.'),
  ).toBeVisible();

  // The cart outlives the page: after a reload the card still shows 0.
  await page.reload();
  await expect(page.getByTestId('cart-link')).toHaveAttribute('data-count', '2');
  await expect(cardTitled(page, offer.title).getByTestId('stepper-value')).toHaveText('0');
});

test('a sold-out offer carries the red badge and cannot be added', async ({ page }) => {
  const offer = await createOffer(`E2E Offer Sold Out ${Date.now()}`, 0);
  await openGrid(page, '/offers');
  const card = cardTitled(page, offer.title);
  await expect(card.getByText('Εξαντλήθηκε')).toBeVisible();
  await expect(card.getByTestId('stepper-value')).toHaveText('0');
  await expect(card.getByRole('button', { name: 'Προσθήκη στο καλάθι' })).toBeDisabled();
});

test('offers: the empty state when no product is tagged offer', async ({ page }) => {
  const offers = await engineProducts({ tag: 'offer', productType: 'Card' });
  const shop = openShop();
  try {
    for (const offer of offers) {
      await shop.commerce.updateProduct(
        offer.id,
        asInput(
          offer,
          offer.tags.filter((tag) => tag !== 'offer'),
        ),
      );
    }
    await openGrid(page, '/offers');
    await expect(page.getByTestId('grid-card')).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: 'Δεν υπάρχουν διαθέσιμες κάρτες σε προσφορά' }),
    ).toBeVisible();
    await expect(page.getByText('Ελέγξτε ξανά σύντομα για νέες προσφορές!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Πίσω στην αρχική' })).toHaveAttribute('href', '/');
  } finally {
    for (const offer of offers) await shop.commerce.updateProduct(offer.id, asInput(offer, offer.tags));
    shop.close();
  }
  expect(await engineProducts({ tag: 'offer', productType: 'Card' })).toHaveLength(offers.length);
});

test('mystery packs and LOT: the empty state when the live list is empty', async ({ page }) => {
  await page.route('**/api/grids/*', (route) => route.fulfill({ json: { cards: [] } }));
  await openGrid(page, '/mystery-packs');
  await expect(page.getByRole('heading', { name: 'No Mystery Packs Available' })).toBeVisible();
  await expect(page.getByText('Check back later for more options!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  await openGrid(page, '/LOT');
  await expect(page.getByRole('heading', { name: 'Δεν υπάρχουν διαθέσιμα LOT' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Πίσω στην αρχική' })).toHaveAttribute('href', '/');
});

test('pre-rendered cards stay, with no loading text, while the refresh is slow or fails', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/grids/mystery-packs', async (route) => {
    await held;
    await route.abort('failed');
  });
  // As many as the last build pre-rendered: a spec before this one on the same shop may have added
  // a pack and rebuilt.
  const html = await (await page.request.get('/mystery-packs')).text();
  const prerendered = html.match(/data-testid="grid-card"/g)?.length ?? 0;
  expect(prerendered).toBeGreaterThan(0);
  await page.goto('/mystery-packs');
  await expect(page.getByTestId('grid-card')).toHaveCount(prerendered);
  await expect(page.getByText('Loading mystery packs...')).toHaveCount(0);
  release();
  await expect(page.getByTestId('product-grid')).toHaveAttribute('data-refreshed', 'true');
  await expect(page.getByTestId('grid-card')).toHaveCount(prerendered);
  await expect(page.getByText('No Mystery Packs Available')).toHaveCount(0);
});

test('the grid endpoint answers 404 JSON for an unknown grid', async ({ request }) => {
  const response = await request.get('/api/grids/singles');
  expect(response.status()).toBe(404);
  expect(((await response.json()) as { error: { kind: string } }).error.kind).toBe('not_found');
  const offers = await request.get('/api/grids/offers');
  expect(offers.headers()['cache-control']).toBe('no-store');
});
