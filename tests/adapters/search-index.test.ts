import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filteredProducts, sortedPage } from '../../src/adapters/commerce-local/search-products.ts';
import { openEngine } from '../../src/adapters/sqlite/database.ts';
import type { ProductInput } from '../../src/domain/catalog/product.ts';
import { CATALOG_SORTS, type CatalogQuery } from '../../src/domain/catalog/query.ts';
import { queryPlan } from '../helpers/query-plan.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

let shop: TempShop;

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  shop.remove();
});

const commerce = () => shop.container.commerce;
const sqlite = () => shop.container.engine.sqlite;

async function create(title: string, overrides: Partial<ProductInput> = {}) {
  const { product } = await commerce().createProduct({
    title,
    tags: ['Boston Celtics'],
    productType: 'Card',
    priceCents: 1000,
    quantity: 3,
    ...overrides,
  });
  return product;
}

const search = (query: Partial<CatalogQuery>) =>
  commerce().searchProducts({ sort: 'newest', page: 1, pageSize: 25, ...query });
const titles = async (query: Partial<CatalogQuery>) =>
  (await search(query)).products.map((product) => product.title);

/** SQLite's plan for the page query the adapter runs, one line per step. */
function pagePlan(query: Partial<CatalogQuery>): string {
  const full: CatalogQuery = { sort: 'newest', page: 1, pageSize: 25, ...query };
  const base = filteredProducts(shop.container.engine.db, full);
  if (!base) throw new Error('the query matches nothing');
  return queryPlan(sqlite(), sortedPage(base, full.sort, 1, full.pageSize).compile());
}

describe('query plans: every sort reads an index in its own order', () => {
  beforeEach(async () => {
    for (let n = 0; n < 30; n++) await create(`Card ${n}`, { priceCents: 100 + ((n * 37) % 500) });
  });

  it.each(CATALOG_SORTS)('the unfiltered %s sort needs no temporary B-tree', (sort) => {
    expect(pagePlan({ sort })).not.toContain('TEMP B-TREE');
  });

  it.each(['price-asc', 'price-desc'] as const)('a price range sorted by %s reads one index', (sort) => {
    const plan = pagePlan({ sort, minPriceCents: 150, maxPriceCents: 400 });
    expect(plan).toMatch(/products_by_price/);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('search words of three letters or more go through the trigram index', () => {
    expect(pagePlan({ search: 'card' })).toContain('products_fts');
  });

  it('shorter words fall back to a scan of the search text', () => {
    expect(pagePlan({ search: 'ca' })).not.toContain('products_fts');
  });
});

describe('the search index follows every write', () => {
  it('finds a product by its new title after an edit, and not by the old one', async () => {
    const product = await create('Prizm Jayson Tatum');
    await commerce().updateProduct(product.id, {
      title: 'Select Jaylen Brown',
      tags: ['Boston Celtics'],
      priceCents: 1000,
      quantity: 3,
    });
    expect(await titles({ search: 'tatum' })).toEqual([]);
    expect(await titles({ search: 'jaylen' })).toEqual(['Select Jaylen Brown']);
  });

  it('forgets a deleted product', async () => {
    const product = await create('Prizm Jayson Tatum');
    expect(await titles({ search: 'tatum' })).toEqual(['Prizm Jayson Tatum']);
    await commerce().deleteProduct(product.id);
    expect(await titles({ search: 'tatum' })).toEqual([]);
  });

  it('matches substrings inside words, as before', async () => {
    await create('Mosaic Luka Dončić');
    expect(await titles({ search: 'onci' })).toEqual(['Mosaic Luka Dončić']);
    expect(await titles({ search: 'osai' })).toEqual(['Mosaic Luka Dončić']);
  });

  it('takes quotes and FTS5 operators in a search literally', async () => {
    await create('Card "NEAR" AND OR*');
    for (const text of [
      '"near"',
      'and or*',
      'NEAR(',
      '"',
      '*',
      'OR',
      '^card',
      'card\u0000',
      '\u202e\u0000💥',
    ]) {
      await expect(search({ search: text }), text).resolves.toBeDefined();
    }
    expect(await titles({ search: '"near"' })).toEqual(['Card "NEAR" AND OR*']);
    expect(await titles({ search: 'or*' })).toEqual(['Card "NEAR" AND OR*']);
    expect(await titles({ search: 'card\u0000' })).toEqual(['Card "NEAR" AND OR*']);
  });

  it('sorts and filters by the price an edit set', async () => {
    const cheap = await create('Cheap card', { priceCents: 100 });
    await create('Dear card', { priceCents: 900 });
    await commerce().updateProduct(cheap.id, {
      title: 'Cheap card',
      tags: ['Boston Celtics'],
      priceCents: 5000,
      quantity: 3,
    });
    expect(await titles({ sort: 'price-desc' })).toEqual(['Cheap card', 'Dear card']);
    expect(await titles({ minPriceCents: 4000 })).toEqual(['Cheap card']);
  });
});

describe('cached answers', () => {
  it('an edit shows on the next query, with no stale page in between', async () => {
    await create('Prizm Jayson Tatum');
    expect((await search({ search: 'prizm' })).total).toBe(1);
    await create('Prizm Jaylen Brown');
    const page = await search({ search: 'prizm' });
    expect(page.total).toBe(2);
    expect(page.products.map((product) => product.title)).toEqual([
      'Prizm Jaylen Brown',
      'Prizm Jayson Tatum',
    ]);
  });

  it('stock sold since the answer was cached is shown as it is now', async () => {
    const product = await create('Prizm Jayson Tatum');
    expect((await search({ search: 'tatum' })).products[0]?.available).toBe(3);
    // A sale changes stock without a catalogue change (no rebuild, no new version).
    sqlite().prepare('UPDATE inventory_levels SET available = 0').run();
    const [again] = (await search({ search: 'tatum' })).products;
    expect(again?.id).toBe(product.id);
    expect(again?.available).toBe(0);
  });
});

describe('answers kept per catalogue and stock version', () => {
  const counter = (name: string) =>
    (sqlite().prepare('SELECT value FROM counters WHERE name = ?').get(name) as { value: number }).value;

  it('a repeated query is answered from memory until the catalogue or the stock moves', async () => {
    await create('Prizm Jayson Tatum');
    const first = await search({ search: 'tatum' });
    // A change no version follows (nothing in the shop makes one): the cached answer still shows.
    sqlite().prepare("UPDATE products SET title = 'Changed behind the cache'").run();
    sqlite().prepare("UPDATE counters SET value = value - 1 WHERE name = 'catalog'").run();
    expect(await search({ search: 'tatum' })).toBe(first);
    // A sale moves the stock counter: the next answer is read again.
    sqlite().prepare('UPDATE inventory_levels SET available = available - 1').run();
    const again = await search({ search: 'tatum' });
    expect(again).not.toBe(first);
    expect(again.products[0]?.title).toBe('Changed behind the cache');
    expect(again.products[0]?.available).toBe(2);
  });

  it('a sale moves the stock counter and not the storefront’s content version: no rebuild', async () => {
    await create('Prizm Jayson Tatum');
    const content = await shop.container.builds.contentVersion();
    const stock = counter('stock');
    sqlite().prepare('UPDATE inventory_levels SET available = 0').run();
    expect(counter('stock')).toBe(stock + 1);
    expect(await shop.container.builds.contentVersion()).toBe(content);
  });
});

describe('migration 005 on a catalogue made before it', () => {
  it('fills the list prices and the search index from the existing rows', async () => {
    await create('Prizm Jayson Tatum', { priceCents: 700 });
    await create('Select Jaylen Brown', { priceCents: 300 });
    // Back to the shape before migration 005, as an older data folder has it.
    sqlite().exec(`
      DROP TRIGGER variants_insert_sets_list_price; DROP TRIGGER variants_update_sets_list_price;
      DROP TRIGGER variants_delete_clears_list_price; DROP TRIGGER products_insert_indexes_search;
      DROP TRIGGER products_delete_unindexes_search; DROP TRIGGER products_update_reindexes_search;
      DROP INDEX products_by_price_asc; DROP INDEX products_by_price_desc; DROP INDEX products_by_name;
      DROP INDEX products_by_type; DROP INDEX products_listing; DROP TABLE products_fts;
      ALTER TABLE products DROP COLUMN price_cents;
      CREATE INDEX products_by_title_key ON products (title_key);
      DELETE FROM migrations WHERE name = '005-search-index';
    `);
    shop.container.close();
    const engine = openEngine(shop.dir);
    try {
      const prices = engine.sqlite.prepare('SELECT title, price_cents FROM products ORDER BY id').all();
      expect(prices).toEqual([
        { title: 'Prizm Jayson Tatum', price_cents: 700 },
        { title: 'Select Jaylen Brown', price_cents: 300 },
      ]);
      const found = engine.sqlite
        .prepare(`SELECT rowid FROM products_fts WHERE products_fts MATCH '"jaylen"'`)
        .all();
      expect(found).toHaveLength(1);
    } finally {
      engine.sqlite.close();
    }
  });
});
