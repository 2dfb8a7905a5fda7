import fs from 'node:fs';
import { FACT_KEYS } from '../src/domain/card-facts/facts.ts';
import { CSV_COLUMNS } from '../src/domain/catalog-csv/columns.ts';
import { signInBody } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

const MARK = `csv${Date.now().toString(36)}`;
const header = CSV_COLUMNS.map((name) => (name.includes(',') ? `"${name}"` : name)).join(',');
const facts = (cells: string[]) => [...cells, ...Array(FACT_KEYS.length - cells.length).fill('')].join(',');

/** Two cards, one with Greek text over two quoted lines, PSA 10 and an autograph. */
const FILE = `\uFEFF${header}\r\n${[
  `${MARK}-vezenkov,Sasha Vezenkov Prizm Auto ${MARK},"<p>Αυτόγραφο,\r\nσε slab.</p>",,Card,Olympiacos,TRUE,150.00,,1,,,${facts(['2018-19', 'Panini', 'Prizm', '14', '', '', 'TRUE', '', '', '', 'PSA', '10'])}`,
  `${MARK}-fournier,Evan Fournier Base ${MARK},,,Card,Olympiacos,TRUE,2.50,,3,,,${facts([])}`,
].join('\r\n')}\r\n`;

async function openCsvSection(page: Page) {
  expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
  await openSection(page, 'csv');
  return page.getByRole('region', { name: 'Κατάλογος σε CSV (εξαγωγή και εισαγωγή)' });
}

test('import a small file through the dashboard: dry run, then commit with progress; the same file again changes nothing @hosted @postgres', async ({
  page,
}) => {
  const section = await openCsvSection(page);
  const picker = section.getByLabel('Αρχείο CSV για εισαγωγή');

  // A file with errors: the dry run lists them with line and column, and the import stays off.
  await picker.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(FILE.replace(',PSA,10', ',PSA,11')),
  });
  await section.getByRole('button', { name: 'Έλεγχος αρχείου' }).click();
  await expect(section.getByRole('list', { name: 'Σφάλματα' })).toHaveText(
    'Γραμμή 2, στήλη «Card: Grade (product.metafields.card.grade)»: Ο βαθμός πρέπει να είναι αριθμός από 1 έως 10.',
  );
  await expect(section.getByRole('button', { name: 'Εισαγωγή', exact: true })).toBeDisabled();

  await picker.setInputFiles({ name: 'cards.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await section.getByRole('button', { name: 'Έλεγχος αρχείου' }).click();
  await expect(section.getByTestId('import-dry-run').getByRole('status')).toHaveText(
    'Νέα: 2 · Ενημερώσεις: 0 · Χωρίς αλλαγή: 0 · Σφάλματα: 0',
  );
  await expect(section.getByRole('table').getByRole('row')).toHaveCount(3);
  await section.getByRole('button', { name: 'Εισαγωγή', exact: true }).click();
  await expect(section.getByRole('progressbar', { name: 'Πρόοδος εισαγωγής' })).toBeVisible();
  await expect(section.getByText('Η εισαγωγή ολοκληρώθηκε: 2 νέα, 0 ενημερώσεις.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(section.getByRole('progressbar', { name: 'Πρόοδος εισαγωγής' })).toHaveAttribute(
    'value',
    '100',
  );

  const shop = openShop();
  try {
    const found = await shop.commerce.searchProducts({ search: MARK, sort: 'name', page: 1, pageSize: 5 });
    expect(found.products.map((product) => [product.handle, product.title, product.priceCents])).toEqual([
      [`${MARK}-fournier`, `Evan Fournier Base ${MARK}`, 250],
      [`${MARK}-vezenkov`, `Sasha Vezenkov Prizm Auto ${MARK}`, 15000],
    ]);
    expect(found.products[1]?.facts).toMatchObject({
      autograph: true,
      grader: 'PSA',
      grade: 10,
      year: '2018-19',
    });
  } finally {
    shop.close();
  }

  // Again: everything matches by handle.
  await picker.setInputFiles({ name: 'cards.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await section.getByRole('button', { name: 'Έλεγχος αρχείου' }).click();
  await expect(section.getByTestId('import-dry-run').getByRole('status')).toHaveText(
    'Νέα: 0 · Ενημερώσεις: 0 · Χωρίς αλλαγή: 2 · Σφάλματα: 0',
  );
  await expect(section.getByRole('button', { name: 'Εισαγωγή', exact: true })).toBeDisabled();
});

test('export downloads the catalogue as CSV with the fact columns @postgres', async ({ page }) => {
  const section = await openCsvSection(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Λήψη CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path()) ?? '', 'utf8');
  expect(text.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
  expect(text).toContain('Card: Year (product.metafields.card.year)');
  const shop = openShop();
  try {
    for (const product of (await shop.commerce.listProducts()).slice(0, 20))
      expect(text).toContain(`\r\n${product.handle},`);
  } finally {
    shop.close();
  }

  // Without a session the export is refused on the server.
  const anonymous = await page.context().browser()?.newContext();
  const response = await anonymous?.request.get(new URL('/api/admin/catalog/export', page.url()).href);
  expect(response?.status()).toBe(401);
  await anonymous?.close();
});
