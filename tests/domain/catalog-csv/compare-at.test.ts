import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import { PRODUCT_INPUT_MESSAGES, type Product } from '../../../src/domain/catalog/product.ts';
import { CSV_COLUMNS } from '../../../src/domain/catalog-csv/columns.ts';
import { catalogToCsv } from '../../../src/domain/catalog-csv/export.ts';
import { readCsvTable } from '../../../src/domain/catalog-csv/parse.ts';
import { IMPORT_MESSAGES, planImport } from '../../../src/domain/catalog-csv/plan.ts';
import { CSV_MESSAGES, csvProducts } from '../../../src/domain/catalog-csv/rows.ts';

const COLUMN = 'Variant Compare At Price';
const csv = (header: string[], ...rows: string[][]) =>
  [header, ...rows].map((cells) => cells.join(',')).join('\r\n');
const read = (text: string) => csvProducts(readCsvTable(text));
const HEADER = ['Handle', 'Title', 'Type', 'Published', 'Variant Price', COLUMN, 'Status'];

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 'gid://shop/Product/1',
  handle: 'prizm',
  title: 'Prizm',
  description: '',
  descriptionHtml: '',
  tags: [],
  productType: 'Card',
  images: [],
  variantId: 'gid://shop/ProductVariant/1',
  inventoryItemId: 'gid://shop/InventoryItem/1',
  priceCents: 1000,
  compareAtCents: 1500,
  available: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  facts: EMPTY_FACTS,
  ...overrides,
});

describe('the compare-at price in the catalogue CSV (issue 33)', () => {
  it('is read into compareAtCents; empty (or 0) is none, and the type is read as it is', () => {
    const { products, errors } = read(
      csv(
        HEADER,
        ['a', 'A', 'Mystery Pack', 'TRUE', '12.50', '15', 'active'],
        ['b', 'B', 'LOT', 'TRUE', '12.50', '', 'active'],
        ['c', 'C', 'Card', 'TRUE', '12.50', '0.00', 'active'],
        ['d', 'D', 'Card', 'TRUE', '12.50', '"19,99"', 'active'],
      ),
    );
    expect(errors).toEqual([]);
    expect(products.map((row) => [row.handle, row.productType, row.compareAtCents])).toEqual([
      ['a', 'Mystery Pack', 1500],
      ['b', 'LOT', null],
      ['c', 'Card', null],
      ['d', 'Card', 1999],
    ]);
  });

  it('not above the price, or not a number: an error naming the row and the column', () => {
    const { products, errors } = read(
      csv(
        HEADER,
        ['equal', 'Equal', 'Card', 'TRUE', '12.50', '12.50', 'active'],
        ['below', 'Below', 'Card', 'TRUE', '12.50', '9', 'active'],
        ['words', 'Words', 'Card', 'TRUE', '12.50', 'δέκα', 'active'],
        ['fine', 'Fine', 'Card', 'TRUE', '12.50', '12.51', 'active'],
      ),
    );
    expect(errors).toEqual([
      { line: 2, field: COLUMN, message: PRODUCT_INPUT_MESSAGES.compareAtNotAbove },
      { line: 3, field: COLUMN, message: PRODUCT_INPUT_MESSAGES.compareAtNotAbove },
      { line: 4, field: COLUMN, message: CSV_MESSAGES.compareAt },
    ]);
    // Nothing of a row with an error is planned.
    expect(products.map((row) => row.handle)).toEqual(['fine']);
  });

  it('a draft the import leaves out is not held to it (Shopify’s own sample has one)', () => {
    const { errors, notices } = read(
      csv(HEADER, ['jeans', 'Jeans', 'Pants', 'FALSE', '95', '64.95', 'draft']),
    );
    expect(errors).toEqual([]);
    expect(notices).toHaveLength(1);
  });

  it('a file without the column keeps the product’s, as long as the new price stays below it', () => {
    const header = ['Handle', 'Title', 'Variant Price'];
    const kept = planImport(
      read(csv(header, ['prizm', 'Prizm', '12.00'])),
      [product()],
      'https://shop.example',
      [],
    );
    expect(kept.errors).toEqual([]);
    expect(kept.products[0]?.input.compareAtCents).toBe(1500);
    expect(kept.products[0]?.action).toBe('update');

    const above = planImport(
      read(csv(header, ['prizm', 'Prizm', '15.00'])),
      [product()],
      'https://shop.example',
      [],
    );
    expect(above.errors).toEqual([
      { line: 2, field: 'Variant Price', message: IMPORT_MESSAGES.keptCompareAt(1500) },
    ]);
    expect(above.products).toEqual([]);
    expect(above.counts.errors).toBe(1);
  });

  it('a changed compare-at price is an update, the same one a skip', () => {
    const header = ['Handle', 'Title', 'Type', 'Variant Price', COLUMN];
    const plan = (cell: string) =>
      planImport(
        read(csv(header, ['prizm', 'Prizm', 'Card', '10.00', cell])),
        [product()],
        'https://shop.example',
        [],
      ).products[0]?.action;
    expect(plan('15.00')).toBe('skip');
    expect(plan('16.00')).toBe('update');
    expect(plan('')).toBe('update');
  });

  it('is exported after the price, and reads back the same', () => {
    const text = catalogToCsv(
      [product(), product({ handle: 'plain', compareAtCents: null, productType: 'LOT' })],
      'https://shop.example',
    );
    expect(CSV_COLUMNS.indexOf(COLUMN)).toBe(CSV_COLUMNS.indexOf('Variant Price') + 1);
    const { products, errors } = read(text);
    expect(errors).toEqual([]);
    expect(products.map((row) => [row.handle, row.productType, row.priceCents, row.compareAtCents])).toEqual([
      ['prizm', 'Card', 1000, 1500],
      ['plain', 'LOT', 1000, null],
    ]);
  });
});
