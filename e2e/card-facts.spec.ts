import { type CardFacts, EMPTY_FACTS } from '../src/domain/card-facts/facts.ts';
import { signInBody } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

/** A word only this spec's cards carry, so the shared demo data does not change what it counts. */
const MARK = `Factcheck${Date.now().toString(36)}`;

async function createCard(title: string, facts: Partial<CardFacts>) {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      title: `${title} ${MARK}`,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 9900,
      quantity: 1,
      facts: { ...EMPTY_FACTS, ...facts },
    });
    return product;
  } finally {
    shop.close();
  }
}

async function openSingles(page: Page, query: string) {
  await page.goto(`/singles${query}`);
  const island = page.locator('astro-island', { has: page.getByTestId('singles-total') });
  await expect(island).not.toHaveAttribute('ssr');
}

const panel = (page: Page) => page.locator('#singles-filters');
const cards = (page: Page) => page.getByTestId('single-card');

test.describe('card facts', () => {
  test('the singles filter to PSA 10 autographs shows only those, with their badges @postgres', async ({
    page,
  }) => {
    await createCard('2018-19 Panini Prizm Sasha Vezenkov #1 Auto PSA 10', {
      year: '2018-19',
      manufacturer: 'Panini',
      autograph: true,
      grader: 'PSA',
      grade: 10,
    });
    await createCard('2019-20 Panini Select Sasha Vezenkov #2 Auto PSA 9', {
      autograph: true,
      grader: 'PSA',
      grade: 9,
    });
    await createCard('2020-21 Topps Chrome Sasha Vezenkov #3 Auto BGS 10', {
      autograph: true,
      grader: 'BGS',
      grade: 10,
    });
    await createCard('2021-22 Panini Prizm Sasha Vezenkov #4 PSA 10 /99', {
      grader: 'PSA',
      grade: 10,
      serialNumber: 7,
      printRun: 99,
    });

    await openSingles(page, `?search=${MARK}`);
    await expect(page.getByTestId('singles-total')).toHaveText('4 κάρτες');

    await panel(page).getByText('Στοιχεία κάρτας').click();
    await panel(page).getByLabel('Αυτόγραφο').check();
    await expect(page.getByTestId('singles-total')).toHaveText('3 κάρτες');
    await panel(page).getByLabel('Βαθμολόγηση').selectOption('PSA');
    await panel(page).getByLabel('Ελάχιστος βαθμός').selectOption('10');

    await expect(page.getByTestId('singles-total')).toHaveText('1 κάρτα');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole('heading')).toHaveText(
      `2018-19 Panini Prizm Sasha Vezenkov #1 Auto PSA 10 ${MARK}`,
    );
    await expect(cards(page).getByTestId('card-badges').getByRole('listitem')).toHaveText(['AUTO', 'PSA 10']);
    const params = new URL(page.url()).searchParams;
    expect([params.get('auto'), params.get('grader'), params.get('grade')]).toEqual(['1', 'PSA', '10']);

    // The same URL rendered by the server, without the island's help.
    await page.reload();
    await expect(page.getByTestId('singles-total')).toHaveText('1 κάρτα');
    await expect(panel(page).getByLabel('Αυτόγραφο')).toBeChecked();

    // Numbered to 99 or fewer.
    await openSingles(page, `?search=${MARK}&numbered=99`);
    await expect(cards(page).getByRole('heading')).toHaveText([
      `2021-22 Panini Prizm Sasha Vezenkov #4 PSA 10 /99 ${MARK}`,
    ]);
    await expect(cards(page).getByTestId('card-badges').getByRole('listitem')).toHaveText(['7/99', 'PSA 10']);
  });

  test('a malformed grade in the URL answers 400 in Greek', async ({ page }) => {
    const response = await page.goto('/singles?grade=11');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('Ο βαθμός πρέπει να είναι αριθμός από 1 έως 10.');
  });

  test('the product page lists the facts and maps them in its JSON-LD @hosted', async ({ page }) => {
    const product = await createCard('2023-24 Topps Chrome Sasha Vezenkov #9 Gold Refractor', {
      year: '2023-24',
      manufacturer: 'Topps',
      set: 'Chrome EuroLeague',
      cardNumber: '9',
      parallel: 'Gold Refractor',
      rookie: true,
      serialNumber: 23,
      printRun: 50,
      grader: 'RAW',
      condition: 'EXCELLENT',
    });
    await page.goto(`/product/${encodeURIComponent(product.variantId)}`);
    const table = page.getByTestId('product-facts');
    await expect(table.getByRole('row')).toHaveText([
      'Χρονιά / σεζόν2023-24',
      'ΚατασκευαστήςTopps',
      'ΣετChrome EuroLeague',
      'Αριθμός κάρτας#9',
      'Parallel / παραλλαγήGold Refractor',
      'Rookie (RC)Ναι',
      'Αρίθμηση23/50',
      'ΒαθμολόγησηRaw (χωρίς βαθμολόγηση)',
      'ΚατάστασηExcellent',
    ]);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    const node = jsonLd['@graph'].find((item: { '@type': string }) => item['@type'] === 'Product');
    expect(node.brand).toEqual({ '@type': 'Brand', name: 'Topps' });
    expect(node.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(node.offers.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(node.additionalProperty).toContainEqual({
      '@type': 'PropertyValue',
      name: 'Serial number',
      value: '23/50',
    });
    // A raw card has no certificate to check.
    await expect(page.getByRole('link', { name: /^Επαλήθευση στο/ })).toHaveCount(0);
  });

  test("a graded card's page shows its certificate number and links to the grader's own check", async ({
    page,
  }) => {
    const product = await createCard('2019-20 Panini Prizm Sasha Vezenkov #31 BGS 9.5', {
      year: '2019-20',
      grader: 'BGS',
      grade: 9.5,
      certNumber: '0012345678',
    });
    await page.goto(`/product/${encodeURIComponent(product.variantId)}`);
    const table = page.getByTestId('product-facts');
    await expect(table.getByRole('row')).toHaveText([
      'Χρονιά / σεζόν2019-20',
      'ΒαθμολόγησηBGS 9.5',
      /^Αριθμός πιστοποίησης0012345678\s*Επαλήθευση στο Beckett/,
    ]);
    const link = table.getByRole('link', { name: 'Επαλήθευση στο Beckett (ανοίγει σε νέα καρτέλα)' });
    await expect(link).toHaveAttribute(
      'href',
      'https://www.beckett.com/grading/card-lookup?item_type=BGS&item_id=0012345678',
    );
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the admin form checks the facts with Greek messages and saves them @hosted @postgres', async ({
    page,
  }) => {
    expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
    await openSection(page, 'products');
    await page.getByRole('button', { name: 'EUROLEAGUE', exact: true }).click();
    const form = page.getByRole('region', { name: 'Προσθήκη Νέου Προϊόντος' });
    const toggle = form.getByRole('button', { name: 'Προσθήκη Νέου Προϊόντος' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const title = `Sasha Vezenkov Prizm Auto ${MARK}`;
    await form.getByLabel('Τίτλος').fill(title);
    await form.getByLabel('Τιμή (€)').fill('150,00');
    const combobox = form.getByRole('combobox', { name: 'Ομάδα' });
    await combobox.fill('Olymp');
    await form.getByRole('option', { name: 'Olympiacos', exact: true }).click();
    await form.getByLabel('Χρονιά / σεζόν').fill('2018-20');
    await form.getByLabel('Αρίθμηση').fill('100/99');
    await form.getByLabel('Αυτόγραφο').check();
    await form.getByLabel('Βαθμολόγηση').selectOption('PSA');
    await form.getByLabel('Βαθμός (1–10)').fill('11');
    await form.getByLabel('Αριθμός πιστοποίησης (προαιρετικό)').fill('1234/5678');
    await form.getByRole('button', { name: 'Προσθήκη προϊόντος' }).click();
    await expect(
      form.getByText('Η χρονιά πρέπει να είναι έτος (π.χ. 2023) ή σεζόν (π.χ. 2018-19).'),
    ).toBeVisible();
    await expect(
      form.getByText('Ο αριθμός της κάρτας δεν μπορεί να είναι μεγαλύτερος από το σύνολο (π.χ. 23/99).'),
    ).toBeVisible();
    await expect(form.getByText('Ο βαθμός πρέπει να είναι αριθμός από 1 έως 10.')).toBeVisible();
    await expect(
      form.getByText(
        'Ο αριθμός πιστοποίησης δέχεται μόνο λατινικά γράμματα και ψηφία (π.χ. 12345678), με παύλα μόνο ανάμεσά τους, έως 20 χαρακτήρες.',
      ),
    ).toBeVisible();
    await expect(form.getByLabel('Χρονιά / σεζόν')).toBeFocused();

    // The server holds the same rules, whatever the page sends.
    const refused = await page.request.post('/api/admin/products', {
      data: {
        title,
        price: '150,00',
        team: 'Olympiacos',
        quantity: '1',
        descriptionEnabled: false,
        descriptionHtml: '',
        mediaIds: [],
        facts: { grader: 'PSA', grade: '11' },
      },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.fields).toEqual({
      'facts.grade': 'Ο βαθμός πρέπει να είναι αριθμός από 1 έως 10.',
    });
    const rawCertificate = await page.request.post('/api/admin/products', {
      data: {
        title,
        price: '150,00',
        team: 'Olympiacos',
        quantity: '1',
        descriptionEnabled: false,
        descriptionHtml: '',
        mediaIds: [],
        facts: { grader: 'RAW', certNumber: '87654321' },
      },
    });
    expect(rawCertificate.status()).toBe(400);
    expect((await rawCertificate.json()).error.fields).toEqual({
      'facts.certNumber':
        'Ο αριθμός πιστοποίησης συμπληρώνεται μόνο για βαθμολογημένες κάρτες (PSA, BGS, SGC ή CGC).',
    });

    await form.getByLabel('Χρονιά / σεζόν').fill('2018-19');
    await form.getByLabel('Αρίθμηση').fill('23/99');
    await form.getByLabel('Βαθμός (1–10)').fill('10');
    await form.getByLabel('Αριθμός πιστοποίησης (προαιρετικό)').fill('8765 4321');
    await form.getByRole('button', { name: 'Προσθήκη προϊόντος' }).click();
    await expect(page.getByText('Το προϊόν δημιουργήθηκε επιτυχώς!')).toBeVisible();

    const shop = openShop();
    try {
      const found = await shop.commerce.searchProducts({
        search: MARK,
        sort: 'newest',
        page: 1,
        pageSize: 5,
      });
      const saved = found.products.find((product) => product.title === title);
      expect(saved?.facts).toEqual({
        ...EMPTY_FACTS,
        year: '2018-19',
        autograph: true,
        serialNumber: 23,
        printRun: 99,
        grader: 'PSA',
        grade: 10,
        certNumber: '87654321',
      });
    } finally {
      shop.close();
    }
  });
});
