import type { Product } from '../src/domain/catalog/product.ts';
import { LOT_TITLES, MYSTERY_PACK_TITLES } from '../src/domain/catalog/title-lists.ts';
import { HOSTED, signInBody } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { axeViolations } from './support/axe.ts';
import { openSection } from './support/dashboard.ts';

/**
 * The dashboard's one list of every product (issue 33), beside the spec's path by sport: every
 * type in it, its filters, and the bulk actions on a selection (offer on and off, stock, delete).
 */

const RANGE = /^Εμφάνιση (\d+) έως (\d+) από (\d+) προϊόντα$/;

/** Signs in through the API, opens the products and switches to the list of every product. */
async function openAllProducts(page: Page) {
  const response = await page.request.post('/api/session', { data: await signInBody() });
  expect(response.status()).toBe(200);
  await openSection(page, 'products');
  // The spec's path shows first, as before.
  await expect(page.getByRole('heading', { name: 'Βήμα 1: Επιλέξτε άθλημα' })).toBeVisible();
  const all = page.getByRole('button', { name: 'Όλα τα προϊόντα', exact: true });
  await all.click();
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Όλα τα προϊόντα', exact: true })).toBeVisible();
  await expect(page.getByTestId('all-products-range')).toHaveText(RANGE);
}

async function createCards(
  cards: Array<{ title: string; priceCents: number; quantity: number; offer?: boolean }>,
) {
  const shop = openShop();
  try {
    const created: Product[] = [];
    for (const { offer, ...card } of cards) {
      const { product } = await shop.commerce.createProduct({
        ...card,
        tags: offer ? ['Olympiacos', 'offer'] : ['Olympiacos'],
        productType: 'Card',
        ...(offer ? { compareAtCents: card.priceCents * 2 } : {}),
      });
      created.push(product);
    }
    return created;
  } finally {
    shop.close();
  }
}

async function engineProduct(id: string): Promise<Product | null> {
  const shop = openShop();
  try {
    return await shop.commerce.getProduct(id);
  } finally {
    shop.close();
  }
}

/** The list's own part of the page (the product form may sit under it, with fields of the same names). */
const list = (page: Page) => page.getByRole('region', { name: 'Όλα τα προϊόντα', exact: true });

/** A filter of the list, by its label. */
const filter = (page: Page, label: string) => list(page).getByLabel(label, { exact: true });

/** The rows (table) or cards (phone) the list shows now. */
const rows = (page: Page) =>
  page.getByTestId('all-products-row').or(page.getByTestId('all-products-card')).filter({ visible: true });

const rowOf = (page: Page, title: string) => rows(page).filter({ hasText: title });

async function search(page: Page, text: string, count: number) {
  await filter(page, 'Αναζήτηση (τίτλος ή ομάδα)').fill(text);
  await expect(page.getByTestId('all-products-range')).toHaveText(
    count === 0 ? 'Εμφάνιση 0 έως 0 από 0 προϊόντα' : `Εμφάνιση 1 έως ${count} από ${count} προϊόντα`,
  );
}

async function select(page: Page, titles: string[]) {
  for (const title of titles) await page.getByRole('checkbox', { name: `Επιλογή: ${title}` }).check();
  await expect(page.getByTestId('selected-count')).toHaveText(`${titles.length} επιλεγμένα προϊόντα`);
}

const outcome = (page: Page) => page.getByTestId('bulk-outcome');

test('one list holds cards, mystery packs and LOTs, filtered by type, offer and stock', async ({ page }) => {
  const stamp = Date.now();
  await createCards([
    { title: `E2E All ${stamp} Plenty`, priceCents: 1_000, quantity: 9 },
    { title: `E2E All ${stamp} Offer`, priceCents: 500, quantity: 9, offer: true },
    { title: `E2E All ${stamp} Low`, priceCents: 700, quantity: 1 },
    { title: `E2E All ${stamp} Gone`, priceCents: 900, quantity: 0 },
  ]);
  await openAllProducts(page);

  const type = filter(page, 'Τύπος');
  await type.selectOption({ label: 'Mystery Pack' });
  await expect(rowOf(page, MYSTERY_PACK_TITLES[0])).toBeVisible();
  for (const text of await rows(page).allTextContents()) expect(text).toContain('Mystery Pack');
  // A pack opens in the form too, with every sport's teams (it has none of its own).
  await page.getByRole('button', { name: `Επεξεργασία: ${MYSTERY_PACK_TITLES[0]}` }).click();
  const form = page.getByRole('region', { name: 'Επεξεργασία Προϊόντος' });
  await expect(form.getByLabel('Τίτλος')).toHaveValue(MYSTERY_PACK_TITLES[0]);
  await expect(form.getByLabel('Τύπος προϊόντος')).toHaveValue('mystery-pack');

  await type.selectOption({ label: 'LOT' });
  await expect(rows(page).first()).toContainText('LOT');
  const lots = await rows(page).allTextContents();
  expect(lots.some((text) => LOT_TITLES.some((title) => text.includes(title)))).toBe(true);

  await type.selectOption({ label: 'Κάρτα' });
  await search(page, `E2E All ${stamp}`, 4);
  await expect(rowOf(page, 'Offer')).toContainText('-50%');
  await expect(rowOf(page, 'Offer')).toContainText('10,00');
  await expect(rowOf(page, 'Low').getByTestId('stock-badge')).toHaveText('Χαμηλό');
  await expect(rowOf(page, 'Gone').getByTestId('stock-badge')).toHaveText('Εξαντλήθηκε');
  await expect(rowOf(page, 'Plenty').getByTestId('stock-badge')).toHaveCount(0);
  await expect(rowOf(page, 'Plenty')).toContainText('EUROLEAGUE');
  await expect(rowOf(page, 'Plenty')).toContainText('Olympiacos');

  const offer = filter(page, 'Προσφορά');
  await offer.selectOption({ label: 'Σε προσφορά' });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`E2E All ${stamp} Offer`);
  await offer.selectOption({ label: 'Χωρίς προσφορά' });
  await expect(rows(page)).toHaveCount(3);
  await offer.selectOption({ label: 'Όλα' });

  const stock = filter(page, 'Απόθεμα');
  await stock.selectOption({ label: 'Εξαντλημένα' });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Gone');
  await stock.selectOption({ label: 'Χαμηλό απόθεμα' });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Low');
  await stock.selectOption({ label: 'Σε απόθεμα' });
  await expect(rows(page)).toHaveCount(3);

  // Edit opens the dashboard's form with the product, read fresh; switching views lets it go.
  await page.getByRole('button', { name: `Επεξεργασία: E2E All ${stamp} Low` }).click();
  await expect(form.getByLabel('Τίτλος')).toHaveValue(`E2E All ${stamp} Low`);
  await expect(form.getByLabel('Τίτλος')).toBeFocused();

  // Back to everything; the spec's path is one switch away, as it was.
  await page.getByRole('button', { name: 'Καθαρισμός φίλτρων' }).click();
  await expect(filter(page, 'Αναζήτηση (τίτλος ή ομάδα)')).toHaveValue('');
  await expect(type).toHaveValue('');
  await page.getByRole('button', { name: 'Ανά άθλημα' }).click();
  await expect(page.getByRole('heading', { name: 'Βήμα 1: Επιλέξτε άθλημα' })).toBeVisible();
  await expect(form).toHaveCount(0);
});

test('two selected cards go on offer (and onto /offers), come off, change stock and are deleted @postgres', async ({
  page,
}) => {
  const stamp = Date.now();
  const cards = await createCards([
    { title: `E2E Bulk ${stamp} A`, priceCents: 1_000, quantity: 3 },
    { title: `E2E Bulk ${stamp} B`, priceCents: 2_000, quantity: 3 },
  ]);
  const titles = cards.map((card) => card.title);
  await openAllProducts(page);
  await search(page, `E2E Bulk ${stamp}`, 2);

  // On offer at 20%: the price before is struck through, the new one 20% lower.
  await select(page, titles);
  await page.getByRole('button', { name: 'Σε προσφορά' }).click();
  await page.getByLabel('Έκπτωση (%)').fill('20');
  await page.getByRole('button', { name: 'Εφαρμογή έκπτωσης' }).click();
  await expect(outcome(page)).toHaveText('Ενημερώθηκαν 2 προϊόντα.');
  await expect(rowOf(page, titles[0] ?? '')).toContainText('-20%');
  await expect(rowOf(page, titles[0] ?? '')).toContainText('8,00');
  await expect(rowOf(page, titles[1] ?? '')).toContainText('16,00');
  await expect(page.getByTestId('selected-count')).toHaveText(
    'Κανένα επιλεγμένο προϊόν: επιλέξτε από τη λίστα',
  );
  await expect(page.getByRole('button', { name: 'Αφαίρεση προσφοράς' })).toBeDisabled();
  for (const card of cards) {
    const now = await engineProduct(card.id);
    expect(now?.compareAtCents).toBe(card.priceCents);
    expect(now?.priceCents).toBe((card.priceCents ?? 0) * 0.8);
    expect(now?.tags).toEqual(['Olympiacos', 'offer']);
  }

  // Both are on the offers page (its island reads the live offers after the pre-rendered ones).
  await page.goto('/offers');
  await expect(page.getByTestId('product-grid')).toHaveAttribute('data-refreshed', 'true');
  for (const title of titles)
    await expect(page.getByTestId('grid-card').filter({ hasText: title })).toBeVisible();

  // Off offer: the price before comes back.
  await openAllProducts(page);
  await search(page, `E2E Bulk ${stamp}`, 2);
  await select(page, titles);
  await page.getByRole('button', { name: 'Αφαίρεση προσφοράς' }).click();
  await expect(outcome(page)).toHaveText('Ενημερώθηκαν 2 προϊόντα.');
  await expect(rowOf(page, titles[0] ?? '')).not.toContainText('-20%');
  await expect(rowOf(page, titles[0] ?? '')).toContainText('10,00');
  const after = await engineProduct(cards[0]?.id ?? '');
  expect(after).toMatchObject({ priceCents: 1_000, compareAtCents: null, tags: ['Olympiacos'] });

  // A stock out of range is refused in the bar; 0 sells both out.
  await select(page, titles);
  await page.getByRole('button', { name: 'Αλλαγή αποθέματος' }).click();
  const quantity = page.getByLabel('Νέο απόθεμα (τεμάχια)');
  await quantity.fill('-1');
  await page.getByRole('button', { name: 'Ορισμός αποθέματος' }).click();
  await expect(page.getByText('Το απόθεμα είναι ακέραιος αριθμός από 0 έως 1.000.000.')).toBeVisible();
  await quantity.fill('0');
  await page.getByRole('button', { name: 'Ορισμός αποθέματος' }).click();
  await expect(outcome(page)).toHaveText('Ενημερώθηκαν 2 προϊόντα.');
  for (const title of titles)
    await expect(rowOf(page, title).getByTestId('stock-badge')).toHaveText('Εξαντλήθηκε');
  expect((await engineProduct(cards[1]?.id ?? ''))?.available).toBe(0);

  // Delete asks first, naming how many; dismissed, nothing goes.
  await select(page, titles);
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Διαγραφή', exact: true }).click();
  await expect.poll(() => asked).toEqual(['Να διαγραφούν οριστικά 2 επιλεγμένα προϊόντα;']);
  await expect(rows(page)).toHaveCount(2);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Διαγραφή', exact: true }).click();
  await expect(outcome(page)).toHaveText('Διαγράφηκαν 2 προϊόντα.');
  await expect(page.getByText('Δεν βρέθηκαν προϊόντα.')).toBeVisible();
  for (const card of cards) expect(await engineProduct(card.id)).toBeNull();
});

test('the list fits the screen: a table on a wide one, cards with the same checkboxes on a phone @phone', async ({
  page,
}) => {
  const stamp = Date.now();
  const [card] = await createCards([{ title: `E2E Phone ${stamp}`, priceCents: 300, quantity: 2 }]);
  await openAllProducts(page);
  await search(page, String(stamp), 1);
  const wide = (page.viewportSize()?.width ?? 0) >= 1280;
  await expect(page.getByRole('table', { name: 'Όλα τα προϊόντα' })).toHaveCount(wide ? 1 : 0);
  await expect(page.getByTestId('all-products-card').filter({ visible: true })).toHaveCount(wide ? 0 : 1);

  const box = page.getByRole('checkbox', { name: `Επιλογή: ${card?.title}` });
  const size = await box.locator('..').boundingBox();
  expect(size?.width).toBeGreaterThanOrEqual(44);
  expect(size?.height).toBeGreaterThanOrEqual(44);
  await page.getByRole('checkbox', { name: 'Επιλογή όλων στη σελίδα' }).check();
  await expect(box).toBeChecked();
  await expect(page.getByTestId('selected-count')).toHaveText('1 επιλεγμένο προϊόν');
  await expect(page.getByRole('region', { name: 'Μαζικές ενέργειες' })).toBeVisible();
  await page.getByRole('button', { name: 'Σε προσφορά' }).click();
  await expect(page.getByLabel('Έκπτωση (%)')).toBeFocused();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Page quality is the same code on both backends: the embedded run checks it (as page-quality.spec.ts does).
  if (HOSTED) return;
  expect(await axeViolations(page)).toEqual([]);
});
