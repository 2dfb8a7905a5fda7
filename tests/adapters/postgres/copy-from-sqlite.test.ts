import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalCommerce } from '../../../src/adapters/commerce-local/index.ts';
import { createLocalOrders } from '../../../src/adapters/commerce-local/orders.ts';
import { CopyRefusedError, copyFromSqlite } from '../../../src/adapters/postgres/copy-from-sqlite.ts';
import type { PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import { postgresTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { fillShop as fillShopData } from '../../helpers/shop-data.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

let shop: TempShop;
let target: TestDatabase<PostgresEngine>;

beforeEach(async () => {
  shop = openTempShop();
  target = await postgresTestDatabase();
});

afterEach(async () => {
  shop.remove();
  await target.close();
});

const fillShop = () => fillShopData(shop.container);

const countOf = async (table: string) =>
  (shop.engine.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('copying a SQLite shop into PostgreSQL', () => {
  it('copies every table, checks each, and the shop reads the same catalogue there', async () => {
    await fillShop();
    const copies = await copyFromSqlite(shop.engine.sqlite, target.store.pool);
    const rows = Object.fromEntries(copies.map((copy) => [copy.table, copy.rows]));
    expect(rows).toMatchObject({
      products: 3,
      product_tags: 3,
      variants: 3,
      media: 3,
      categories: 1,
      orders: 1,
      order_lines: 1,
      contact_messages: 1,
      admin_users: 1,
      sessions: 1,
      rate_limit_hits: 1,
    });
    expect(rows.mail_outbox).toBe(await countOf('mail_outbox'));
    expect(copies.every((copy) => /^[0-9a-f]{64}$/.test(copy.checksum))).toBe(true);

    const copied = createLocalCommerce(target.store);
    expect(await copied.listProducts()).toEqual(await shop.container.commerce.listProducts());
    expect(await copied.version()).toBe(await shop.container.commerce.version());
    // The order, found by the dashboard's search on the shopper's name as SQLite finds it.
    const orders = createLocalOrders(target.store);
    const query = { search: 'παπαδοπουλος', page: 1, pageSize: 10 };
    expect(await orders.listOrders(query)).toEqual(await shop.container.orders.listOrders(query));
    expect((await orders.listOrders(query)).orders).toHaveLength(1);
    // New rows continue after the copied ids.
    const { product } = await copied.createProduct({
      title: 'Νέα κάρτα',
      priceCents: 500,
      quantity: 1,
      tags: [],
      productType: 'Card',
    });
    expect(product.id).toBe('gid://shop/Product/4');
  });

  it('refuses a database that already holds a shop, and replaces it only when told', async () => {
    await fillShop();
    await copyFromSqlite(shop.engine.sqlite, target.store.pool);
    await expect(copyFromSqlite(shop.engine.sqlite, target.store.pool)).rejects.toBeInstanceOf(
      CopyRefusedError,
    );
    const again = await copyFromSqlite(shop.engine.sqlite, target.store.pool, { replace: true });
    expect(again.find((copy) => copy.table === 'products')?.rows).toBe(3);
  });

  it('keeps nothing when a row cannot be copied', async () => {
    await fillShop();
    // A title PostgreSQL refuses (over 250 characters) that SQLite kept before its check existed.
    shop.engine.sqlite.pragma('ignore_check_constraints = ON');
    shop.engine.sqlite.prepare('UPDATE products SET title = ? WHERE id = 2').run('x'.repeat(300));
    expect(await countOf('contact_messages')).toBe(1);
    await expect(copyFromSqlite(shop.engine.sqlite, target.store.pool)).rejects.toThrow(/title/);
    const { rows } = await target.store.pool.query('SELECT count(*)::int AS n FROM contact_messages');
    expect(rows).toEqual([{ n: 0 }]);
  });
});
