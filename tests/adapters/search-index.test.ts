import { type RawBuilder, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalCommerce } from '../../src/adapters/commerce-local/index.ts';
import {
  filteredProducts,
  searchProductIds,
  sortedPage,
} from '../../src/adapters/commerce-local/search-products.ts';
import { openEngine } from '../../src/adapters/sqlite/database.ts';
import { EMPTY_FACTS } from '../../src/domain/card-facts/facts.ts';
import type { ProductInput } from '../../src/domain/catalog/product.ts';
import { CATALOG_SORTS, type CatalogQuery } from '../../src/domain/catalog/query.ts';
import type { CommercePort } from '../../src/ports/commerce.ts';
import { openTestCatalogue, type TestCatalogue } from '../helpers/catalogue.ts';
import { DATABASES, postgresTestDatabase } from '../helpers/databases.ts';
import { queryPlan } from '../helpers/query-plan.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

const product = (title: string, overrides: Partial<ProductInput> = {}): ProductInput => ({
  title,
  tags: ['Boston Celtics'],
  productType: 'Card',
  priceCents: 1000,
  quantity: 3,
  ...overrides,
});

const query = (asked: Partial<CatalogQuery>): CatalogQuery => ({
  sort: 'newest',
  page: 1,
  pageSize: 25,
  ...asked,
});

// Search and its cached answers, on both databases (decision 093).
describe.each(DATABASES)('search on %s', (_, openDatabase) => {
  let catalogue: TestCatalogue;
  let commerce: CommercePort;

  beforeEach(async () => {
    catalogue = await openTestCatalogue(openDatabase);
    commerce = catalogue.commerce;
  });

  afterEach(async () => {
    await catalogue.close();
  });

  const create = async (title: string, overrides: Partial<ProductInput> = {}) =>
    (await commerce.createProduct(product(title, overrides))).product;
  const search = (asked: Partial<CatalogQuery>) => commerce.searchProducts(query(asked));
  const titles = async (asked: Partial<CatalogQuery>) =>
    (await search(asked)).products.map((found) => found.title);
  /** Rows changed behind the catalogue's back, as a sale or a hand-made fix changes them. */
  const run = (statement: RawBuilder<unknown>) => statement.execute(catalogue.store.db);

  describe('the search index follows every write', () => {
    it('finds a product by its new title after an edit, and not by the old one', async () => {
      const product = await create('Prizm Jayson Tatum');
      await commerce.updateProduct(product.id, {
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
      await commerce.deleteProduct(product.id);
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

    it('a filter text holding a NUL character matches nothing, and fails nowhere', async () => {
      await create('Prizm Jayson Tatum', { facts: { ...EMPTY_FACTS, manufacturer: 'Panini' } });
      for (const asked of [
        { titleContains: 'tatum\u0000' },
        { teams: ['Boston Celtics\u0000'] },
        { tag: 'boston celtics\u0000' },
        { productType: 'Card\u0000' },
        { titles: ['Prizm Jayson Tatum\u0000'] },
        { facts: { manufacturer: 'panini\u0000' } },
        { facts: { set: '\u0000' } },
      ])
        expect((await search(asked)).total, JSON.stringify(asked)).toBe(0);
      // The other names of a list still match.
      expect(await titles({ teams: ['Boston Celtics\u0000', 'Boston Celtics'] })).toEqual([
        'Prizm Jayson Tatum',
      ]);
      expect(await titles({ titles: ['x\u0000', 'Prizm Jayson Tatum'] })).toEqual(['Prizm Jayson Tatum']);
    });

    it('sorts and filters by the price an edit set', async () => {
      const cheap = await create('Cheap card', { priceCents: 100 });
      await create('Dear card', { priceCents: 900 });
      await commerce.updateProduct(cheap.id, {
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
      await run(sql`UPDATE inventory_levels SET available = 0`);
      const [again] = (await search({ search: 'tatum' })).products;
      expect(again?.id).toBe(product.id);
      expect(again?.available).toBe(0);
    });
  });

  describe('answers kept per catalogue and stock version', () => {
    const counters = async () =>
      Object.fromEntries(
        (await catalogue.store.db.selectFrom('counters').select(['name', 'value']).execute()).map((row) => [
          row.name,
          row.value,
        ]),
      );

    it('a repeated query is answered from memory until the catalogue or the stock moves', async () => {
      await create('Prizm Jayson Tatum');
      const first = await search({ search: 'tatum' });
      // A change no version follows (nothing in the shop makes one): the cached answer still shows.
      await run(sql`UPDATE products SET title = 'Changed behind the cache'`);
      await run(sql`UPDATE counters SET value = value - 1 WHERE name = 'catalog'`);
      expect(await search({ search: 'tatum' })).toBe(first);
      // A sale moves the stock counter: the next answer is read again.
      await run(sql`UPDATE inventory_levels SET available = available - 1`);
      const again = await search({ search: 'tatum' });
      expect(again).not.toBe(first);
      expect(again.products[0]?.title).toBe('Changed behind the cache');
      expect(again.products[0]?.available).toBe(2);
    });

    it('a sale moves the stock counter and no counter the storefront’s content version sums: no rebuild', async () => {
      await create('Prizm Jayson Tatum');
      const before = await counters();
      await run(sql`UPDATE inventory_levels SET available = 0`);
      expect(await counters()).toEqual({ ...before, stock: (before.stock ?? 0) + 1 });
    });
  });
});

// SQLite's own: its query plans, and its upgrade of an older data folder.
describe('on SQLite', () => {
  let shop: TempShop;

  beforeEach(() => {
    shop = openTempShop();
  });

  afterEach(() => {
    shop.remove();
  });

  const sqlite = () => shop.engine.sqlite;
  const create = async (title: string, overrides: Partial<ProductInput> = {}) =>
    (await shop.container.commerce.createProduct(product(title, overrides))).product;

  /** SQLite's plan for the page query the adapter runs, one line per step. */
  function pagePlan(asked: Partial<CatalogQuery>): string {
    const full = query(asked);
    const base = filteredProducts(shop.engine, full);
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
});

describe('on PostgreSQL', () => {
  it("a word's matches are hashed once and looked up per product, whatever the other filters (decision 093)", async () => {
    const database = await postgresTestDatabase();
    try {
      const { store } = database;
      const commerce = createLocalCommerce(store);
      await commerce.createProduct(product('Prizm Jayson Tatum', { tags: ['Boston Celtics'] }));
      await commerce.createProduct(product('Euroleague Vasilije Micic', { tags: ['Anadolu Efes'] }));
      const full = query({ search: 'euroleague', teams: ['boston celtics'] });
      const base = filteredProducts(store, full);
      if (!base) throw new Error('the query matches nothing');
      const { sql: text, parameters } = sortedPage(base, full.sort, 1, full.pageSize).compile();
      const { rows } = await store.pool.query(`EXPLAIN ${text}`, [...parameters]);
      // A semi-join here could be a nested loop comparing every product with every match.
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('hashed SubPlan');
      expect(await searchProductIds(store, full)).toMatchObject({ ids: [], total: 0 });
    } finally {
      await database.close();
    }
  });

  it('search words of three letters or more can go through the trigram index (pg_trgm)', async () => {
    const database = await postgresTestDatabase();
    try {
      const { store } = database;
      await createLocalCommerce(store).createProduct(product('Prizm Jayson Tatum'));
      for (const search of ['tatum', 'Σλούκας', 'τατ']) {
        const full = query({ search });
        const base = filteredProducts(store, full);
        if (!base) throw new Error('the query matches nothing');
        const { sql: text, parameters } = sortedPage(base, full.sort, 1, full.pageSize).compile();
        // A table this small is cheaper to read whole: the plan is asked without that choice, to
        // show the index can answer the query as written (a lower() or ILIKE would hide it).
        const client = await store.pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('SET LOCAL enable_seqscan = off');
          const { rows } = await client.query(`EXPLAIN ${text}`, [...parameters]);
          expect(rows.map((row) => row['QUERY PLAN']).join('\n'), search).toContain(
            'products_search_trigrams',
          );
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
      }
    } finally {
      await database.close();
    }
  });
});
