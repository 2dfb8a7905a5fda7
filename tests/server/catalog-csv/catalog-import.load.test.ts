import { afterEach, expect, it } from 'vitest';
import { SEED_CATEGORIES } from '../../../scripts/seed/categories.ts';
import { benchProducts } from '../../../scripts/seed/products.ts';
import { CSV_COLUMNS } from '../../../src/domain/catalog-csv/columns.ts';
import {
  commitCatalogImport,
  planCatalogImport,
  runQueuedCatalogImports,
} from '../../../src/server/catalog-csv/catalog-import.ts';
import { importJob } from '../../../src/server/catalog-csv/import-jobs.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

/**
 * A catalogue CSV of 10,000 rows through the dry run and the commit, as the dashboard takes it: a
 * load test, run with the other slow ones in the full `npm test` (vitest.config.ts), not in
 * `npm test -- quick`. The import's rules are in catalog-import.test.ts.
 */
const ORIGIN = 'https://shop.example';
let shop: TempShop | null = null;
afterEach(() => {
  shop?.remove();
  shop = null;
});

it('imports 10,000 rows (and prints the time it takes)', { timeout: 600_000 }, async () => {
  const source = benchProducts(SEED_CATEGORIES, 10_000, 14).map(({ art: _art, ...product }) => product);
  const header = CSV_COLUMNS.map((name) => (name.includes(',') ? `"${name}"` : name)).join(',');
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const factCells = (facts: (typeof source)[number]['facts']) =>
    [
      facts.year,
      facts.manufacturer,
      facts.set,
      facts.cardNumber,
      facts.parallel,
      facts.rookie ? 'TRUE' : '',
      facts.autograph ? 'TRUE' : '',
      facts.patch ? 'TRUE' : '',
      facts.serialNumber,
      facts.printRun,
      facts.grader,
      facts.grade,
      facts.condition,
      facts.certNumber,
    ].map((value) => quote(value === null ? '' : String(value)));
  const lines = source.map((product, index) =>
    [
      `bench-${index + 1}`,
      quote(product.title),
      quote(product.descriptionHtml),
      '',
      product.productType,
      quote(product.tags.join(', ')),
      'TRUE',
      (product.priceCents / 100).toFixed(2),
      '',
      String(product.quantity),
      '',
      '',
      ...factCells(product.facts),
    ].join(','),
  );
  const file = `\uFEFF${header}\r\n${lines.join('\r\n')}\r\n`;
  shop = openTempShop();
  const { container } = shop;
  const started = performance.now();
  const plan = await planCatalogImport(container, file, ORIGIN);
  const planned = performance.now();
  expect(plan.errors).toEqual([]);
  expect(plan.counts.create).toBe(10_000);
  const job = await commitCatalogImport(container, file, ORIGIN);
  expect((await importJob(container, job.id))?.state).toBe('queued');
  await runQueuedCatalogImports(container);
  expect((await importJob(container, job.id))?.state).toBe('done');
  const done = performance.now();
  expect((await container.commerce.searchProducts({ sort: 'newest', page: 1, pageSize: 1 })).total).toBe(
    10_000,
  );
  process.stdout.write(
    `[catalogue import] 10,000 rows (${(file.length / 1024 / 1024).toFixed(1)} MB): dry run ${((planned - started) / 1000).toFixed(1)} s, commit ${((done - planned) / 1000).toFixed(1)} s, total ${((done - started) / 1000).toFixed(1)} s\n`,
  );
});
