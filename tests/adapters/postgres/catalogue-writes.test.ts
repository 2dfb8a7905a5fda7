import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalCommerce } from '../../../src/adapters/commerce-local/index.ts';
import { openPostgres, type PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import { WRITES_PER_LOOK } from '../../../src/adapters/sqlite/planner-statistics.ts';
import type { CommercePort } from '../../../src/ports/commerce.ts';
import { postgresTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { createTestDatabase } from '../../helpers/postgres.ts';

const input = (title: string) => ({
  title,
  priceCents: 1250,
  quantity: 3,
  tags: ['NBA'],
  productType: 'Card',
});

describe('catalogue writes on PostgreSQL', () => {
  let database: TestDatabase<PostgresEngine>;
  let commerce: CommercePort;
  beforeEach(async () => {
    database = await postgresTestDatabase();
    commerce = createLocalCommerce(database.store);
  });
  afterEach(async () => {
    await database.close();
  });

  it('creates, reads back, updates and deletes a product, moving the catalogue counter', async () => {
    const before = await commerce.version();
    const { product } = await commerce.createProduct(input('LeBron James 2003 Topps Chrome'));
    expect(product).toMatchObject({
      title: 'LeBron James 2003 Topps Chrome',
      priceCents: 1250,
      available: 3,
    });
    expect(await commerce.version()).toBeGreaterThan(before);
    const { product: updated } = await commerce.updateProduct(product.id, {
      ...input('LeBron'),
      quantity: 0,
    });
    expect(updated).toMatchObject({ title: 'LeBron', available: 0 });
    await commerce.deleteProduct(product.id);
    expect(await commerce.getProduct(product.id)).toBeNull();
  });

  it('gives ten products with one title, saved at once from two instances, ten different handles', async () => {
    const other = createLocalCommerce(await database.another());
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? commerce : other).createProduct(input('Giannis')),
      ),
    );
    const handles = results.map((result) => result.product.handle);
    expect(new Set(handles).size).toBe(10);
  });
});

// A connection keeps the plans of its foreign-key checks and triggers; made on a small catalogue,
// they scan its tables whole, and an import is one transaction autovacuum cannot see into.
// The timeout is a hang guard (decision 073): in a full run each of the import's thousands of
// round trips waits for a core behind the other suites (docs/benchmarks.md, Tests).
it('an import plans its statements again as the catalogue grows (decision 110)', async () => {
  const database = await createTestDatabase();
  const cards = (from: number, count: number) =>
    Array.from({ length: count }, (_, offset) => ({ id: null, input: input(`Card ${from + offset}`) }));
  const imported = 200 + 2 * WRITES_PER_LOOK;
  try {
    // One connection, so the second import meets the plans the first one left.
    const engine = await openPostgres(database.url, { poolSize: 1 });
    try {
      const commerce = createLocalCommerce(engine);
      await commerce.importProducts(cards(0, 200), () => undefined);
      // As autovacuum would, while the catalogue is small.
      await sql`ANALYZE`.execute(engine.db);
      await commerce.importProducts(cards(200, imported - 200), () => undefined);
    } finally {
      // A connection reports its statistics as it ends.
      await engine.close();
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const variants = async () =>
        (
          await client.query(
            "SELECT pg_stat_clear_snapshot(), n_tup_ins::int AS inserted, seq_scan::int AS scans FROM pg_stat_user_tables WHERE relname = 'variants'",
          )
        ).rows[0] as { inserted: number; scans: number };
      await expect.poll(async () => (await variants()).inserted, { timeout: 15_000 }).toBe(imported);
      // Within each WRITES_PER_LOOK products at most one scan of the table per product, until
      // the plans are made again at the catalogue's new size; kept for the whole import, one each.
      expect((await variants()).scans).toBeLessThan(1.5 * WRITES_PER_LOOK);
    } finally {
      await client.end();
    }
  } finally {
    await database.drop();
  }
}, 300_000);
