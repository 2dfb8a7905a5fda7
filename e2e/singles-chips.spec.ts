import type { ProductInput } from '../src/domain/catalog/product.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { axeViolations } from './support/axe.ts';
import { enginePage, teamsOf } from './support/catalog.ts';

/** The singles browser's active-filter chips, «Καθαρισμός όλων», and the phone filter panel. */

async function createSingle(input: Partial<ProductInput> & { title: string }) {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 450,
      quantity: 1,
      ...input,
    });
    return product;
  } finally {
    shop.close();
  }
}

async function openSingles(page: Page, query = '') {
  await page.goto(`/singles${query}`);
  const island = page.locator('astro-island', { has: page.getByTestId('singles-total') });
  await expect(island).not.toHaveAttribute('ssr');
}

async function expectTotal(page: Page, total: number) {
  await expect(page.getByRole('region', { name: 'Κάρτες' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('singles-total')).toHaveText(`${total} ${total === 1 ? 'κάρτα' : 'κάρτες'}`);
}

const panel = (page: Page) => page.locator('#singles-filters');
const chipList = (page: Page) => page.getByRole('list', { name: 'Ενεργά φίλτρα' });
const chip = (page: Page, label: string) =>
  page.getByRole('button', { name: `Αφαίρεση φίλτρου: ${label}`, exact: true });
const clearAll = (page: Page) => page.getByRole('button', { name: 'Καθαρισμός όλων' });
const filtersButton = (page: Page) => page.getByRole('button', { name: 'Φίλτρα', exact: true });
const filtersDialog = (page: Page) => page.getByRole('dialog', { name: 'Φίλτρα' });
const showResults = (page: Page) => page.getByRole('button', { name: /^Δείτε \d+ αποτελέσμα(τα)?$/ });
const factsPanel = (page: Page) => panel(page).locator('details', { hasText: 'Στοιχεία κάρτας' });
const query = (page: Page) => new URL(page.url()).searchParams;
const titlesOf = async (page: Page) =>
  (await page.getByTestId('single-card').getByRole('heading').allTextContents()).map((title) => title.trim());
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

test('every active filter shows as a chip; removing one refilters and rewrites the URL', async ({ page }) => {
  const nbaTeams = await teamsOf('NBA');
  await openSingles(page, '?category=NBA&team=Boston%20Celtics&max=1000&sort=price-asc');
  await expect(chipList(page).getByRole('button')).toHaveText([
    /^Άθλημα: NBA/,
    /^Ομάδα: Boston Celtics/,
    /^Τιμή: έως 1000 €/,
  ]);
  await expect(clearAll(page)).toBeVisible();
  const celtics = await enginePage({ teams: ['Boston Celtics'], maxPriceCents: 100_000, sort: 'price-asc' });
  await expectTotal(page, celtics.total);

  // The team goes; the sport, the price and the sort stay; focus moves to the chip in its place.
  await chip(page, 'Ομάδα: Boston Celtics').click();
  await expect.poll(() => page.url()).toMatch(/\/singles\?category=NBA&max=1000&sort=price-asc$/);
  await expect(chip(page, 'Ομάδα: Boston Celtics')).toHaveCount(0);
  await expect(chip(page, 'Τιμή: έως 1000 €')).toBeFocused();
  await expect(panel(page).getByLabel('Ομάδα')).toHaveValue('');
  const nba = await enginePage({ teams: nbaTeams, maxPriceCents: 100_000, sort: 'price-asc' });
  expect(nba.total).toBeGreaterThan(celtics.total);
  await expectTotal(page, nba.total);
  expect(await titlesOf(page)).toEqual(nba.products.map((product) => product.title));

  // The sport takes its team and player with it.
  await openSingles(page, '?category=NBA&team=Boston%20Celtics&player=Jayson%20Tatum');
  await expect(chip(page, 'Παίκτης: Jayson Tatum')).toBeVisible();
  await chip(page, 'Άθλημα: NBA').click();
  await expect.poll(() => page.url()).toMatch(/\/singles$/);
  await expect(chipList(page)).toHaveCount(0);
  await expect(clearAll(page)).toHaveCount(0);
  await expectTotal(page, (await enginePage({})).total);
  // Nothing left to remove: focus goes to the page heading, not to the body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Back brings the removed filters and their chips again.
  await page.goBack();
  await expect(chip(page, 'Παίκτης: Jayson Tatum')).toBeVisible();
});

test('«Καθαρισμός όλων» clears every filter, the form and the URL, and keeps the sort', async ({ page }) => {
  // The page's timers on a clock the test moves past the typing pause (time flows as usual until then).
  await page.clock.install();
  await openSingles(page, '?search=celtics&category=NBA&min=1&auto=1&grader=PSA&sort=name&page=1');
  await expect(chipList(page).getByRole('button')).toHaveText([
    /^Αναζήτηση: «celtics»/,
    /^Άθλημα: NBA/,
    /^Τιμή: από 1 €/,
    /^Αυτόγραφο/,
    /^Βαθμολόγηση: PSA/,
  ]);
  await clearAll(page).click();
  await expect.poll(() => page.url()).toMatch(/\/singles\?sort=name$/);
  await expect(chipList(page)).toHaveCount(0);
  await expect(clearAll(page)).toHaveCount(0);
  const all = await enginePage({ sort: 'name' });
  await expectTotal(page, all.total);
  expect(await titlesOf(page)).toEqual(all.products.map((product) => product.title));
  await expect(panel(page).getByLabel('Αναζήτηση')).toHaveValue('');
  await expect(panel(page).getByLabel('Άθλημα')).toHaveValue('');
  await expect(panel(page).getByLabel('Από')).toHaveValue('');
  await expect(panel(page).getByLabel('Αυτόγραφο')).not.toBeChecked();
  await expect(panel(page).getByLabel('Βαθμολόγηση')).toHaveValue('');
  await expect(panel(page).getByLabel('Ταξινόμηση')).toHaveValue('name');
  // The cleared search text does not come back as a search once the typing pause has passed.
  await page.clock.fastForward(600);
  expect(query(page).get('search')).toBeNull();
  await expect(panel(page).getByLabel('Αναζήτηση')).toHaveValue('');
});

test('chips follow the form: a typed search and a chosen sport appear, and removing the search empties the box', async ({
  page,
}) => {
  await page.clock.install();
  await openSingles(page);
  await expect(chipList(page)).toHaveCount(0);
  await panel(page).getByLabel('Άθλημα').selectOption('NFL');
  await expect(chip(page, 'Άθλημα: NFL')).toBeVisible();
  await panel(page).getByLabel('Αναζήτηση').fill('chiefs');
  await expect(chip(page, 'Αναζήτηση: «chiefs»')).toBeVisible();
  await expect.poll(() => query(page).get('search')).toBe('chiefs');

  await chip(page, 'Αναζήτηση: «chiefs»').click();
  await expect(panel(page).getByLabel('Αναζήτηση')).toHaveValue('');
  await expect.poll(() => page.url()).toMatch(/\/singles\?category=NFL$/);
  await page.clock.fastForward(600);
  expect(query(page).get('search')).toBeNull();
  await expectTotal(page, (await enginePage({ teams: await teamsOf('NFL') })).total);
});

test('the card facts panel stays open once its last filter is cleared', async ({ page }) => {
  await openSingles(page);
  const facts = factsPanel(page);
  await expect(facts).not.toHaveAttribute('open');
  await facts.getByText('Στοιχεία κάρτας').click();
  await expect(facts).toHaveAttribute('open');

  // Cleared in the panel.
  await facts.getByLabel('Αυτόγραφο').check();
  await expect(chip(page, 'Αυτόγραφο')).toBeVisible();
  await expect.poll(() => query(page).get('auto')).toBe('1');
  await facts.getByLabel('Αυτόγραφο').uncheck();
  await expect.poll(() => query(page).get('auto')).toBeNull();
  await expect(chip(page, 'Αυτόγραφο')).toHaveCount(0);
  await expect(facts).toHaveAttribute('open');
  await expect(facts.getByLabel('Βαθμολόγηση')).toBeVisible();

  // Cleared by its chip, and by «Καθαρισμός όλων».
  await facts.getByLabel('Βαθμολόγηση').selectOption('PSA');
  await chip(page, 'Βαθμολόγηση: PSA').click();
  await expect.poll(() => query(page).get('grader')).toBeNull();
  await expect(facts).toHaveAttribute('open');
  await facts.getByLabel('Ελάχιστος βαθμός').selectOption('9.5');
  await expect(chip(page, 'Ελάχιστος βαθμός: 9,5')).toBeVisible();
  await clearAll(page).click();
  await expect.poll(() => page.url()).toMatch(/\/singles$/);
  await expect(facts).toHaveAttribute('open');

  // Opened by a fact filter in the URL, it too stays open when that filter goes; closed, it stays closed.
  await openSingles(page, '?rc=1');
  await expect(facts).toHaveAttribute('open');
  await chip(page, 'Rookie (RC)').click();
  await expect.poll(() => query(page).get('rc')).toBeNull();
  await expect(facts).toHaveAttribute('open');
  await facts.getByText('Στοιχεία κάρτας').click();
  await expect(facts).not.toHaveAttribute('open');
  await panel(page).getByLabel('Άθλημα').selectOption('NBA');
  await expect(chip(page, 'Άθλημα: NBA')).toBeVisible();
  await expect(facts).not.toHaveAttribute('open');
});

test('on a phone the filters open in a dialog whose «Δείτε N αποτελέσματα» closes it on the results @phone', async ({
  page,
}) => {
  const phone = isPhone(page);
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await openSingles(page, '?category=NBA');
  if (!phone) {
    // The sidebar stays: no button, no dialog, the fields in the page.
    await expect(filtersButton(page)).toBeHidden();
    await expect(panel(page).getByLabel('Άθλημα')).toBeVisible();
    await expect(filtersDialog(page)).toHaveCount(0);
    await expect(showResults(page)).toHaveCount(0);
    return;
  }
  const nba = await enginePage({ teams: await teamsOf('NBA') });
  await expectTotal(page, nba.total);
  await expect(panel(page).getByLabel('Άθλημα')).toBeHidden();
  await expect(chip(page, 'Άθλημα: NBA')).toBeVisible();

  // The button opens a labelled modal dialog with the focus inside; Escape closes it.
  await filtersButton(page).click();
  const dialog = filtersDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Κλείσιμο' })).toBeFocused();
  await expect(dialog.getByLabel('Άθλημα')).toHaveValue('NBA');
  await expect(dialog.getByRole('button', { name: `Δείτε ${nba.total} αποτελέσματα` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(filtersButton(page)).toBeFocused();

  // A filter chosen in the dialog changes the count on its button at once.
  await filtersButton(page).click();
  await dialog.getByLabel('Ομάδα').selectOption('Boston Celtics');
  const celtics = await enginePage({ teams: ['Boston Celtics'] });
  expect(celtics.total).toBeGreaterThan(1);
  const results = dialog.getByRole('button', { name: `Δείτε ${celtics.total} αποτελέσματα` });
  await expect(results).toBeVisible();
  // The button stays on screen (sticky) with the long form scrolled to its top.
  await expect(results).toBeInViewport();
  await dialog.getByLabel('Ταξινόμηση').scrollIntoViewIfNeeded();
  await expect(results).toBeInViewport();

  await results.click();
  await expect(dialog).toBeHidden();
  await expect(filtersButton(page)).toBeFocused();
  await expect.poll(() => query(page).get('team')).toBe('Boston Celtics');
  await expectTotal(page, celtics.total);
  await expect(chip(page, 'Ομάδα: Boston Celtics')).toBeVisible();
  await expect(page.getByTestId('singles-total')).toBeInViewport();
  // The page scrolls again once the panel is shut.
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');

  // One result reads in the singular.
  const stamp = Date.now();
  await createSingle({ title: `E2E Phone Panel Single ${stamp}` });
  await chip(page, 'Άθλημα: NBA').click();
  await filtersButton(page).click();
  await dialog.getByLabel('Αναζήτηση').fill(`${stamp}`);
  await expect(dialog.getByRole('button', { name: 'Δείτε 1 αποτέλεσμα', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Δείτε 1 αποτέλεσμα', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectTotal(page, 1);
  await expect(chip(page, `Αναζήτηση: «${stamp}»`)).toBeVisible();
});

test('on a phone the card titles wrap to two lines, and chips wrap without sideways scrolling @phone', async ({
  page,
}) => {
  const stamp = Date.now();
  const title = `E2E ${stamp} Giannis Antetokounmpo Milwaukee Bucks Panini Prizm Silver Refractor Rookie Autograph Patch`;
  await createSingle({ title });
  const phone = isPhone(page);
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await openSingles(page, `?search=${stamp}&category=NBA&min=1&max=99&auto=1&grader=PSA`);
  await expectTotal(page, 0);
  await expect(chipList(page).getByRole('listitem')).toHaveCount(5);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await openSingles(page, `?search=${stamp}`);
  await expectTotal(page, 1);
  const heading = page.getByTestId('single-card').getByRole('heading', { name: title });
  const lines = await heading.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      clamp: style.getPropertyValue('-webkit-line-clamp'),
      lines: element.getBoundingClientRect().height / Number.parseFloat(style.lineHeight),
      cut: element.scrollHeight > element.clientHeight,
    };
  });
  expect(lines.clamp).toBe('2');
  // Two whole lines of the title show, and the rest is cut (with an ellipsis), not one line only.
  expect(lines.lines).toBeCloseTo(2, 0);
  expect(lines.cut).toBe(true);
});

test('axe finds no problem with chips shown, nor in the open phone panel @phone', async ({ page }) => {
  await openSingles(page, '?search=celtics&category=NBA&max=1000&auto=1&grader=PSA');
  await expect(chipList(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  if (!isPhone(page)) return;
  await filtersButton(page).click();
  await expect(filtersDialog(page)).toBeVisible();
  await expect(factsPanel(page)).toHaveAttribute('open');
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the chips stay hidden, since their buttons need script; the form shows the filters', async ({
    page,
  }) => {
    await page.goto('/singles?category=NBA&max=1000');
    await expect(chipList(page)).toBeHidden();
    await expect(clearAll(page)).toBeHidden();
    await expect(panel(page).getByLabel('Άθλημα')).toHaveValue('NBA');
    await expect(panel(page).getByLabel('Έως')).toHaveValue('1000');
  });
});
