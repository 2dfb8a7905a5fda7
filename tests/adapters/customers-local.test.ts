import { type CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerCountQuery, customerPageQuery } from '../../src/adapters/commerce-local/customers.ts';
import { sameEmail } from '../../src/adapters/commerce-local/order-search.ts';
import type { PostgresEngine } from '../../src/adapters/postgres/database.ts';
import type { Engine } from '../../src/adapters/sqlite/database.ts';
import { postgresTestDatabase, sqliteTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { queryPlan } from '../helpers/query-plan.ts';

describe("the engine's customer queries (decision 086)", () => {
  let database: TestDatabase<Engine>;
  beforeEach(async () => {
    database = await sqliteTestDatabase();
  });
  afterEach(() => database.close());

  const plan = (query: { compile(db: Engine['db']): Parameters<typeof queryPlan>[1] }) =>
    queryPlan(database.store.sqlite, query.compile(database.store.db));

  it('group the orders by walking one covering index, with no sort for the grouping', () => {
    for (const query of [
      customerCountQuery('sqlite', []),
      customerPageQuery('sqlite', [], 'recent', { limit: 20, offset: 0 }),
    ]) {
      const steps = plan(query);
      expect(steps).toContain('SCAN orders USING COVERING INDEX orders_by_customer');
      expect(steps).not.toContain('GROUP BY');
    }
  });

  it("read back only the page's latest orders, by their id", () => {
    const steps = plan(customerPageQuery('sqlite', [], 'spent', { limit: 20, offset: 40 }));
    expect(steps).toContain('SEARCH orders USING INTEGER PRIMARY KEY (rowid=?)');
    // The page is cut inside the subquery, before the join (SQLite does not flatten it away).
    expect(steps).toMatch(/MATERIALIZE customers|CO-ROUTINE customers/);
  });

  it("find one shopper's orders newest first by the same index", () => {
    const query = database.store.db
      .selectFrom('orders')
      .selectAll()
      .where(sql<string>`email COLLATE NOCASE`, '=', 'a@example.gr')
      .orderBy('id', 'desc')
      .limit(50);
    const steps = queryPlan(database.store.sqlite, query.compile());
    expect(steps).toContain('SEARCH orders USING INDEX orders_by_customer (email=?)');
    expect(steps).not.toContain('TEMP B-TREE');
  });

  it('migration 023 replaced the email index of migration 017', () => {
    const indexes = database.store.sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders'")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(indexes).toContain('orders_by_customer');
    expect(indexes).not.toContain('orders_by_email');
  });
});

describe("the customer queries on PostgreSQL (its migration 008's orders_by_customer)", () => {
  let database: TestDatabase<PostgresEngine>;
  beforeEach(async () => {
    database = await postgresTestDatabase();
  });
  afterEach(() => database.close());

  /**
   * PostgreSQL's plan with sequential scans ruled out, so that an empty table still shows whether
   * the index can serve the query: its expression must be the query's, to the collation.
   */
  async function plan(compiled: CompiledQuery): Promise<string> {
    return database.store.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
        ...compiled,
        sql: `EXPLAIN ${compiled.sql}`,
      });
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it("group the orders by the index's email key", async () => {
    const { db } = database.store;
    for (const query of [
      customerCountQuery('postgres', []),
      customerPageQuery('postgres', [], 'recent', { limit: 20, offset: 0 }),
    ])
      expect(await plan(query.compile(db))).toContain('orders_by_customer');
  });

  it("find one shopper's orders by the same index", async () => {
    const query = database.store.db
      .selectFrom('orders')
      .selectAll()
      .where(sameEmail('postgres', 'A@example.gr'))
      .orderBy('id', 'desc')
      .limit(50);
    expect(await plan(query.compile())).toMatch(/Index (Only )?Scan.* using orders_by_customer/);
  });
});
