import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleOrNumbered } from '../../src/adapters/commerce-local/write-products.ts';
import { openEngine } from '../../src/adapters/sqlite/database.ts';
import { handleize } from '../../src/domain/catalog/handle.ts';
import { isAppError } from '../../src/domain/errors.ts';
import type { CommercePort } from '../../src/ports/commerce.ts';
import { openTestCatalogue, type TestCatalogue } from '../helpers/catalogue.ts';
import { DATABASES } from '../helpers/databases.ts';
import { queryPlan } from '../helpers/query-plan.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

const creator = (commerce: () => CommercePort) => (title: string, handle?: string) =>
  commerce().createProduct({
    title,
    priceCents: 100,
    quantity: 1,
    ...(handle === undefined ? {} : { handle }),
  });

it('handleize: lower case, no accents, hyphens for the rest', () => {
  expect(handleize('2018-19 Panini Prizm Luka Dončić #77 /99')).toBe(
    '2018-19-panini-prizm-luka-doncic-77-99',
  );
  expect(handleize('Γιάννης Αντετοκούνμπο')).toBe('γιαννησ-αντετοκουνμπο');
  expect(handleize('***')).toBe('product');
});

describe.each(DATABASES)('product handles (migration 011) on %s', (_, openDatabase) => {
  let catalogue: TestCatalogue;
  beforeEach(async () => {
    catalogue = await openTestCatalogue(openDatabase);
  });
  afterEach(async () => {
    await catalogue.close();
  });
  const create = creator(() => catalogue.commerce);

  it('a new product gets one from its title, unique with -2; an asked-for handle is kept, a taken one refused', async () => {
    expect((await create('Same Title')).product.handle).toBe('same-title');
    expect((await create('Same Title')).product.handle).toBe('same-title-2');
    const { product } = await create('Other', 'my-handle');
    expect(product.handle).toBe('my-handle');
    const error = await create('Third', 'my-handle').catch((problem: unknown) => problem);
    expect(isAppError(error) && error.kind).toBe('conflict');
    const { product: edited } = await catalogue.commerce.updateProduct(product.id, {
      title: 'Renamed',
      priceCents: 100,
      quantity: 1,
    });
    expect(edited.handle).toBe('my-handle');
  });

  it('numbers a title past the handles of longer titles that start with it', async () => {
    await create('Same Title');
    await create('Same Title');
    await create('Same Title Extra');
    expect((await create('Same Title')).product.handle).toBe('same-title-3');
  });
});

describe('product handles on SQLite', () => {
  let shop: TempShop;
  beforeEach(() => {
    shop = openTempShop();
  });
  afterEach(() => {
    shop.remove();
  });
  const create = creator(() => shop.container.commerce);

  it('finds the taken handles of a title through the handle index, not a scan of every product', async () => {
    await create('Same Title');
    await create('Same Title');
    await create('Same Title Extra');
    expect((await create('Same Title')).product.handle).toBe('same-title-3');
    const compiled = shop.engine.db
      .selectFrom('products')
      .select('handle')
      .where(handleOrNumbered('same-title'))
      .compile();
    const plan = queryPlan(shop.engine.sqlite, compiled);
    expect(plan).toContain('SEARCH products USING COVERING INDEX products_by_handle');
    expect(plan).not.toContain('SCAN');
  });

  it('fills the handles of a catalogue made before it, oldest first', async () => {
    await create('Same Title');
    await create('Same Title');
    const sqlite = shop.engine.sqlite;
    sqlite.exec(`
      DROP INDEX products_by_handle; UPDATE products SET handle = NULL;
      DELETE FROM migrations WHERE name = '011-product-handles';
      ALTER TABLE products DROP COLUMN handle;
    `);
    shop.container.close();
    const engine = openEngine(shop.dir);
    try {
      expect(engine.sqlite.prepare('SELECT handle FROM products ORDER BY id').all()).toEqual([
        { handle: 'same-title' },
        { handle: 'same-title-2' },
      ]);
    } finally {
      engine.sqlite.close();
    }
  });
});
