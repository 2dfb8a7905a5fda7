import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerCountQuery, customerPageQuery } from '../../src/adapters/commerce-local/customers.ts';
import { queryPlan } from '../helpers/query-plan.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

let shop: TempShop;

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  shop.remove();
});

const plan = (query: {
  compile(db: TempShop['container']['engine']['db']): Parameters<typeof queryPlan>[1];
}) => queryPlan(shop.container.engine.sqlite, query.compile(shop.container.engine.db));

describe("the engine's customer queries (decision 086)", () => {
  it('group the orders by walking one covering index, with no sort for the grouping', () => {
    for (const query of [customerCountQuery([]), customerPageQuery([], 'recent', { limit: 20, offset: 0 })]) {
      const steps = plan(query);
      expect(steps).toContain('SCAN orders USING COVERING INDEX orders_by_customer');
      expect(steps).not.toContain('GROUP BY');
    }
  });

  it("read back only the page's latest orders, by their id", () => {
    const steps = plan(customerPageQuery([], 'spent', { limit: 20, offset: 40 }));
    expect(steps).toContain('SEARCH orders USING INTEGER PRIMARY KEY (rowid=?)');
    // The page is cut inside the subquery, before the join (SQLite does not flatten it away).
    expect(steps).toMatch(/MATERIALIZE customers|CO-ROUTINE customers/);
  });

  it("find one shopper's orders newest first by the same index", () => {
    const query = shop.container.engine.db
      .selectFrom('orders')
      .selectAll()
      .where(sql<string>`email COLLATE NOCASE`, '=', 'a@example.gr')
      .orderBy('id', 'desc')
      .limit(50);
    const steps = queryPlan(shop.container.engine.sqlite, query.compile());
    expect(steps).toContain('SEARCH orders USING INDEX orders_by_customer (email=?)');
    expect(steps).not.toContain('TEMP B-TREE');
  });

  it('migration 023 replaced the email index of migration 017', () => {
    const indexes = shop.container.engine.sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders'")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(indexes).toContain('orders_by_customer');
    expect(indexes).not.toContain('orders_by_email');
  });
});
