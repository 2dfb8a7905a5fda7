import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMITS_PER_LOOK, WRITES_PER_LOOK } from '../../../src/adapters/sqlite/planner-statistics.ts';
import type { ProductInput } from '../../../src/domain/catalog/product.ts';
import { countRows, openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

/**
 * A connection opened on an empty shop reads no statistics for its tables, and SQLite's
 * full-text index then plans its writes as for an empty table: each product write grew slower
 * with the catalogue (decision 072). Writers now refresh the statistics as the tables grow.
 */
let shop: TempShop;

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  shop.remove();
});

/** The statistics SQLite keeps for an index (its row count first), or null when it has none. */
function statistics(index: string): string | null {
  const row = shop.engine.sqlite.prepare('select stat from sqlite_stat1 where idx = ?').get(index) as
    | { stat: string }
    | undefined;
  return row?.stat ?? null;
}

const card = (index: number): ProductInput => ({
  title: `Statistics card ${index}`,
  priceCents: 100 + index,
  quantity: 1,
  tags: ['Olympiacos'],
});

describe('planner statistics', () => {
  it('a shop opened empty has none for its products, and gets them as products are written one by one', async () => {
    expect(statistics('products_by_handle')).toBeNull();
    for (let index = 0; index < COMMITS_PER_LOOK - 1; index += 1)
      await shop.container.commerce.createProduct(card(index));
    expect(statistics('products_by_handle')).toBeNull();
    await shop.container.commerce.createProduct(card(COMMITS_PER_LOOK));
    const products = countRows(shop.container, 'products');
    expect(products).toBe(COMMITS_PER_LOOK);
    expect(statistics('products_by_handle')).toMatch(new RegExp(`^${products} `));
    // The full-text index's own tables too: their writes are the ones that slowed down.
    expect(statistics('products_fts_idx')).not.toBeNull();
  }, 60_000);

  it('an import in one transaction refreshes them as it goes, and commits whole', async () => {
    const items = Array.from({ length: WRITES_PER_LOOK + 10 }, (_, index) => ({
      id: null,
      input: card(index),
    }));
    expect(await shop.container.commerce.importProducts(items, () => undefined)).toEqual({
      created: WRITES_PER_LOOK + 10,
      updated: 0,
    });
    expect(countRows(shop.container, 'products')).toBe(WRITES_PER_LOOK + 10);
    expect(statistics('products_by_handle')).toMatch(new RegExp(`^${WRITES_PER_LOOK} `));
  }, 60_000);
});
