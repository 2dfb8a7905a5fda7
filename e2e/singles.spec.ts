import type { ProductInput } from '../src/domain/catalog/product.ts';
import { foldText } from '../src/domain/text/fold.ts';
import { onShopify } from './fixtures/backends.ts';
import { DEBOUNCE_QUIET_MS, recordTyping, typedRequests } from './fixtures/debounce.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { enginePage, PAGE_SIZE, teamsOf } from './support/catalog.ts';

/** Creates a single through the engine, after the last build: the on-demand API shows it at once. */
async function createSingle(input: Partial<ProductInput> & { title: string }, withoutPrice = false) {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 450,
      quantity: 1,
      ...input,
    });
    if (withoutPrice) {
      const id = Number(product.id.split('/').pop());
      await shop.database.db
        .updateTable('variants')
        .set({ price_cents: null })
        .where('product_id', '=', id)
        .execute();
    }
    return product;
  } finally {
    shop.close();
  }
}

const grid = (page: Page) => page.getByTestId('singles-grid');
const cards = (page: Page) => page.getByTestId('single-card');
/** The filter panel (the header has its own search box). */
const panel = (page: Page) => page.locator('#singles-filters');
const sportSelect = (page: Page) => panel(page).getByLabel('Άθλημα');
const teamSelect = (page: Page) => panel(page).getByLabel('Ομάδα');
const playerSelect = (page: Page) => panel(page).getByLabel('Παίκτης');
const sortSelect = (page: Page) => panel(page).getByLabel('Ταξινόμηση');
const searchBox = (page: Page) => panel(page).getByLabel('Αναζήτηση');
const filtersToggle = (page: Page) => page.getByRole('button', { name: 'Φίλτρα', exact: true });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Σελίδες' });

/** Waits until the island has answered (no request in flight) and shows this many cards in total. */
async function expectTotal(page: Page, total: number) {
  await expect(page.getByRole('region', { name: 'Κάρτες' })).toHaveAttribute('aria-busy', 'false');
  // «1 κάρτα», «N κάρτες».
  await expect(page.getByTestId('singles-total')).toHaveText(`${total} ${total === 1 ? 'κάρτα' : 'κάρτες'}`);
}

/** Opens /singles and waits for the singles island to hydrate (Astro drops `ssr`), so input reaches React. */
async function openSingles(page: Page, query = '') {
  await page.goto(`/singles${query}`);
  const island = page.locator('astro-island', { has: page.getByTestId('singles-total') });
  await expect(island).not.toHaveAttribute('ssr');
}

const titlesOf = async (page: Page) =>
  (await cards(page).getByRole('heading').allTextContents()).map((title) => title.trim());

const pricesOf = async (page: Page) =>
  // The current price alone: an offer's line also shows its old price and saving (decision 089).
  (await cards(page).getByTestId('price').allTextContents()).map((text) =>
    Number(text.replace(/[^\d,]/g, '').replace(',', '.')),
  );

const query = (page: Page) => new URL(page.url()).searchParams;

test('?category=NFL preselects NFL and shows only cards of NFL teams', async ({ page }) => {
  const nflTeams = await teamsOf('NFL');
  expect(nflTeams.length).toBeGreaterThan(0);
  const expected = await enginePage({ teams: nflTeams });
  expect(expected.total).toBeGreaterThan(0);

  await openSingles(page, '?category=NFL');
  await expect(sportSelect(page)).toHaveValue('NFL');
  await expect(teamSelect(page)).toBeEnabled();
  await expect(teamSelect(page)).toHaveValue('');
  await expectTotal(page, expected.total);
  await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, expected.total));

  const folded = new Set(nflTeams.map(foldText));
  const teamLines = await cards(page).locator('h3 + p').allTextContents();
  expect(teamLines).toHaveLength(await cards(page).count());
  for (const line of teamLines) {
    const teams = line.split(',').map(foldText);
    expect(
      teams.some((team) => folded.has(team)),
      `'${line}' names no NFL team`,
    ).toBe(true);
  }
  expect(await titlesOf(page)).toEqual(expected.products.map((product) => product.title));
});

test('the sport is read case-insensitively and an unknown one is ignored', async ({ page }) => {
  const all = await enginePage({});
  await openSingles(page, '?category=nfl');
  await expect(sportSelect(page)).toHaveValue('NFL');

  await openSingles(page, '?category=cricket&team=Boston%20Celtics');
  await expect(sportSelect(page)).toHaveValue('');
  await expect(teamSelect(page)).toBeDisabled();
  await expectTotal(page, all.total);
});

test('team waits for a sport, player for a team; a new sport clears both @postgres', async ({ page }) => {
  await openSingles(page);
  await expect(teamSelect(page)).toBeDisabled();
  await expect(playerSelect(page)).toBeDisabled();

  await sportSelect(page).selectOption('NBA');
  await expect(teamSelect(page)).toBeEnabled();
  await expect(playerSelect(page)).toBeDisabled();

  await teamSelect(page).selectOption('Boston Celtics');
  await expect(playerSelect(page)).toBeEnabled();
  await playerSelect(page).selectOption('Jayson Tatum');
  await expect.poll(() => query(page).get('player')).toBe('Jayson Tatum');
  const tatum = await enginePage({ teams: ['Boston Celtics'], titleContains: 'Jayson Tatum' });
  await expectTotal(page, tatum.total);
  expect(await titlesOf(page)).toEqual(tatum.products.map((product) => product.title));

  // A team change clears the player.
  await teamSelect(page).selectOption('Miami Heat');
  await expect(playerSelect(page)).toHaveValue('');
  await expect.poll(() => query(page).get('player')).toBeNull();

  await teamSelect(page).selectOption('Boston Celtics');
  await playerSelect(page).selectOption('Jayson Tatum');
  await sportSelect(page).selectOption('NFL');
  await expect(teamSelect(page)).toHaveValue('');
  await expect(playerSelect(page)).toHaveValue('');
  await expect(playerSelect(page)).toBeDisabled();
  await expect.poll(() => page.url()).toMatch(/\/singles\?category=NFL$/);
  await expectTotal(page, (await enginePage({ teams: await teamsOf('NFL') })).total);

  // Back to all sports: the team select is disabled again.
  await sportSelect(page).selectOption('');
  await expect(teamSelect(page)).toBeDisabled();
});

test('search waits 300 ms, filters the grid and goes back to page 1 @postgres', async ({ page }) => {
  const expected = await enginePage({ search: 'celtics' });
  expect(expected.total).toBeGreaterThan(0);

  await openSingles(page, '?page=2');
  await expect(pager(page).getByText(/^Σελίδα 2 από \d+$/)).toBeVisible();

  await recordTyping(searchBox(page));
  await searchBox(page).pressSequentially('celtics', { delay: 60 });
  await expect.poll(() => query(page).get('search')).toBe('celtics');
  await expectTotal(page, expected.total);
  expect(query(page).get('page')).toBeNull();
  expect(await titlesOf(page)).toEqual(expected.products.map((product) => product.title));

  // Every search went out only after a 300 ms pause in typing, with the text typed by then (quick
  // keystrokes make none); the last one is the whole word.
  const searched = await typedRequests(page, '/api/products', 'search');
  expect(searched.at(-1)?.text).toBe('celtics');
  for (const request of searched) {
    expect(request.pause, JSON.stringify(request)).toBeGreaterThanOrEqual(DEBOUNCE_QUIET_MS);
    expect(request.text).toBe(request.typed);
  }

  // Accents and case do not matter.
  const stamp = Date.now();
  const greek = await createSingle({ title: `Κάρτα Αντετοκούνμπο E2E ${stamp}` });
  await searchBox(page).fill(`ΑΝΤΕΤΟΚΟΥΝΜΠΟ ${stamp}`);
  await expect(cards(page).getByRole('heading', { name: greek.title })).toBeVisible();
  await expectTotal(page, 1);

  await searchBox(page).fill('no card is called this');
  await expectTotal(page, 0);
  await expect(page.getByText('Δεν βρέθηκαν προϊόντα.')).toBeVisible();
  await expect(pager(page)).toHaveCount(0);
});

test('sort price high-low orders the prices descending @postgres', async ({ page }) => {
  const expected = await enginePage({ sort: 'price-desc' });
  await openSingles(page);
  await sortSelect(page).selectOption('price-desc');
  await expect.poll(() => query(page).get('sort')).toBe('price-desc');
  await expectTotal(page, expected.total);
  await expect(cards(page).first().getByRole('heading')).toHaveText(expected.products[0]?.title ?? '');
  const prices = await pricesOf(page);
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  expect(prices[0]).toBe((expected.products[0]?.priceCents ?? 0) / 100);

  await sortSelect(page).selectOption('price-asc');
  await expect(cards(page).first().getByRole('heading')).toHaveText(
    (await enginePage({ sort: 'price-asc' })).products[0]?.title ?? '',
  );
  const ascending = await pricesOf(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
});

test('the price inputs refuse letters and filter by range', async ({ page }) => {
  await openSingles(page);
  const min = panel(page).getByLabel('Από');
  const max = panel(page).getByLabel('Έως');
  await min.pressSequentially('a');
  await expect(min).toHaveValue('');
  await max.pressSequentially('a');
  await expect(max).toHaveValue('');
  await min.pressSequentially('-');
  await expect(min).toHaveValue('');

  await min.pressSequentially('5');
  await max.pressSequentially('20,5x0');
  await expect(max).toHaveValue('20,50');
  await max.press('End');
  await max.pressSequentially('1');
  await expect(max).toHaveValue('20,50');

  const expected = await enginePage({ minPriceCents: 500, maxPriceCents: 2050 });
  await expect.poll(() => query(page).get('max')).toBe('20,50');
  expect(query(page).get('min')).toBe('5');
  await expectTotal(page, expected.total);
  for (const price of await pricesOf(page)) {
    expect(price).toBeGreaterThanOrEqual(5);
    expect(price).toBeLessThanOrEqual(20.5);
  }
});

test('an invalid price in the URL shows the error instead of cards', async ({ page }) => {
  await openSingles(page, '?min=abc');
  await expect(page.getByRole('alert')).toContainText('Αποτυχία φόρτωσης προϊόντων');
});

test('pagination: previous/next only with more than one page; next goes to page 2', async ({ page }) => {
  const all = await enginePage({});
  expect(all.pageCount).toBeGreaterThan(1);
  await openSingles(page);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await expect(pager(page).getByText(`Σελίδα 1 από ${all.pageCount}`)).toBeVisible();
  // Real links (?page=2) that work without script; at either end the link is marked disabled.
  const previous = pager(page).getByRole('link', { name: 'Προηγούμενη' });
  const next = pager(page).getByRole('link', { name: 'Επόμενη' });
  await expect(next).toHaveAttribute('href', '/singles?page=2');
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(pager(page).getByText(`Σελίδα 2 από ${all.pageCount}`)).toBeVisible();
  await expect.poll(() => query(page).get('page')).toBe('2');
  await expect(previous).toBeEnabled();
  const second = await enginePage({ page: 2 });
  await expectTotal(page, all.total);
  expect(await titlesOf(page)).toEqual(second.products.map((product) => product.title));

  await previous.click();
  await expect(pager(page).getByText(`Σελίδα 1 από ${all.pageCount}`)).toBeVisible();
  await expect.poll(() => query(page).get('page')).toBeNull();

  // One page of results: no pager at all.
  const celtics = await enginePage({ search: 'celtics' });
  expect(celtics.pageCount).toBe(1);
  await openSingles(page, '?search=celtics');
  await expectTotal(page, celtics.total);
  await expect(pager(page)).toHaveCount(0);
});

test('the last page is reachable and next is disabled there', async ({ page }) => {
  const all = await enginePage({});
  await openSingles(page, `?page=${all.pageCount}`);
  await expect(pager(page).getByText(`Σελίδα ${all.pageCount} από ${all.pageCount}`)).toBeVisible();
  await expect(pager(page).getByRole('link', { name: 'Επόμενη' })).toBeDisabled();
  await expect(cards(page)).toHaveCount(all.total - (all.pageCount - 1) * PAGE_SIZE);
});

test('the filters live in the URL: reload keeps them, back restores the previous ones', async ({ page }) => {
  await openSingles(page);
  await sportSelect(page).selectOption('NBA');
  await expect.poll(() => query(page).get('category')).toBe('NBA');
  await teamSelect(page).selectOption('Boston Celtics');
  await expect.poll(() => query(page).get('team')).toBe('Boston Celtics');
  await sortSelect(page).selectOption('price-asc');
  await expect.poll(() => query(page).get('sort')).toBe('price-asc');
  const celtics = await enginePage({ teams: ['Boston Celtics'], sort: 'price-asc' });
  await expectTotal(page, celtics.total);

  await page.reload();
  await expect(sportSelect(page)).toHaveValue('NBA');
  await expect(teamSelect(page)).toHaveValue('Boston Celtics');
  await expect(sortSelect(page)).toHaveValue('price-asc');
  await expectTotal(page, celtics.total);
  expect(await titlesOf(page)).toEqual(celtics.products.map((product) => product.title));

  await page.goBack();
  await expect(sortSelect(page)).toHaveValue('newest');
  await expect(teamSelect(page)).toHaveValue('Boston Celtics');
  await expectTotal(page, celtics.total);
  expect(await titlesOf(page)).toEqual(
    (await enginePage({ teams: ['Boston Celtics'] })).products.map((product) => product.title),
  );

  await page.goBack();
  await expect(sportSelect(page)).toHaveValue('NBA');
  await expect(teamSelect(page)).toHaveValue('');
  await expectTotal(page, (await enginePage({ teams: await teamsOf('NBA') })).total);

  await page.goBack();
  await expect(sportSelect(page)).toHaveValue('');
  await expect(teamSelect(page)).toBeDisabled();
  await expectTotal(page, (await enginePage({})).total);

  await page.goForward();
  await expect(sportSelect(page)).toHaveValue('NBA');
});

test('a sold-out card shows the red badge; a card without a price says so @hosted', async ({ page }) => {
  const stamp = Date.now();
  const soldOut = await createSingle({ title: `E2E Sold Out Single ${stamp}`, quantity: 0 });
  // Only the engine can hold a product without a price (an imported catalogue); a Shopify variant always has one.
  const noPrice = onShopify ? null : await createSingle({ title: `E2E No Price Single ${stamp}` }, true);
  const inStock = await createSingle({ title: `E2E In Stock Single ${stamp}`, priceCents: 1234 });

  await openSingles(page, `?search=${stamp}`);
  await expectTotal(page, noPrice ? 3 : 2);
  const card = (title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title }) });

  const badge = card(soldOut.title).getByText('Εξαντλήθηκε', { exact: true });
  await expect(badge).toBeVisible();
  const colour = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);
  const [red = 0, green = 0, blue = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  expect(red, `badge colour ${colour}`).toBeGreaterThan(150);
  expect(red).toBeGreaterThan(green + 60);
  expect(red).toBeGreaterThan(blue + 60);

  if (noPrice) {
    await expect(card(noPrice.title).getByText('Μη διαθέσιμη τιμή')).toBeVisible();
    await expect(card(noPrice.title).getByText('Εξαντλήθηκε')).toHaveCount(0);
  }
  await expect(card(inStock.title).getByText('Εξαντλήθηκε')).toHaveCount(0);
  await expect(card(inStock.title).getByTestId('price')).toHaveText(/^12,34\s?€$/);
  await expect(card(inStock.title).getByRole('link', { name: inStock.title })).toHaveAttribute(
    'href',
    `/product/${encodeURIComponent(inStock.variantId)}`,
  );
});

test('the grid has 5 columns at 1366 wide', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openSingles(page);
  const columns = await grid(page).evaluate(
    (list) => getComputedStyle(list).gridTemplateColumns.split(' ').length,
  );
  expect(columns).toBe(5);
  await expect(filtersToggle(page)).toBeHidden();
  await expect(searchBox(page)).toBeVisible();
});

test('on a phone the filters fold behind a Φίλτρα button that opens them in a dialog @phone', async ({
  page,
}) => {
  await openSingles(page);
  const width = page.viewportSize()?.width ?? 0;
  const toggle = filtersToggle(page);
  if (width >= 1024) {
    await expect(toggle).toBeHidden();
    await expect(searchBox(page)).toBeVisible();
    return;
  }
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(searchBox(page)).toBeHidden();
  await expect(sportSelect(page)).toBeHidden();

  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Φίλτρα' });
  await expect(dialog).toBeVisible();
  await expect(searchBox(page)).toBeVisible();
  await sportSelect(page).selectOption('NFL');
  await expect.poll(() => query(page).get('category')).toBe('NFL');

  await dialog.getByRole('button', { name: 'Κλείσιμο' }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(searchBox(page)).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the first HTML holds the filtered cards; pager links and the filter form work', async ({ page }) => {
    const celtics = await enginePage({ teams: ['Boston Celtics'] });
    expect(celtics.total).toBeGreaterThan(0);
    await page.goto('/singles?category=NBA&team=Boston%20Celtics');
    await expect(page).toHaveTitle('NBA singles: Boston Celtics | CardVault');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NBA singles: Boston Celtics');
    await expect(page.getByTestId('singles-total')).toHaveText(`${celtics.total} κάρτες`);
    expect(await titlesOf(page)).toEqual(celtics.products.map((product) => product.title));
    await expect(sportSelect(page)).toHaveValue('NBA');
    await expect(teamSelect(page)).toHaveValue('Boston Celtics');
    // The team's players are plain links to their pages.
    await expect(page.getByRole('link', { name: 'Jayson Tatum', exact: true })).toHaveAttribute(
      'href',
      '/player/Jayson%20Tatum/Boston%20Celtics',
    );

    const all = await enginePage({});
    await page.goto('/singles');
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/singles\?page=2$/);
    await pager(page).getByRole('link', { name: 'Επόμενη' }).click();
    await expect(page).toHaveURL(/\/singles\?page=2$/);
    await expect(pager(page).getByText(`Σελίδα 2 από ${all.pageCount}`)).toBeVisible();
    expect(await titlesOf(page)).toEqual(
      (await enginePage({ page: 2 })).products.map((product) => product.title),
    );

    // The filter form is a GET form with a visible submit button.
    await sportSelect(page).selectOption('NFL');
    await sortSelect(page).selectOption('price-desc');
    await panel(page).getByRole('button', { name: 'Εφαρμογή φίλτρων' }).click();
    await expect.poll(() => query(page).get('category')).toBe('NFL');
    expect(query(page).get('sort')).toBe('price-desc');
    const nfl = await enginePage({ teams: await teamsOf('NFL'), sort: 'price-desc' });
    await expect(page.getByTestId('singles-total')).toHaveText(`${nfl.total} κάρτες`);
    expect(await titlesOf(page)).toEqual(nfl.products.map((product) => product.title));
    // A sorted listing is not one to index.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow');
  });

  test('on a phone the filter panel is open, since its button needs script', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 900 });
    await page.goto('/singles');
    await expect(filtersToggle(page)).toBeHidden();
    await expect(sportSelect(page)).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Εφαρμογή φίλτρων' })).toBeVisible();
  });

  test('SINGLES in the header is a link to /singles', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/about-us');
    await page.getByRole('link', { name: 'SINGLES', exact: true }).click();
    await expect(page).toHaveURL(/\/singles$/);
  });
});

test('a search typed in the filter panel can be sent with Enter at once', async ({ page }) => {
  await openSingles(page);
  const expected = await enginePage({ search: 'celtics' });
  await searchBox(page).fill('celtics');
  await searchBox(page).press('Enter');
  await expect.poll(() => query(page).get('search')).toBe('celtics');
  await expectTotal(page, expected.total);
  await expect(page).toHaveTitle('Singles (αναζήτηση «celtics») | CardVault');
});
