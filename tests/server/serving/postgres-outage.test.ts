import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../../../scripts/postgres.ts';
import { copyFromSqlite } from '../../../src/adapters/postgres/copy-from-sqlite.ts';
import { openPostgres } from '../../../src/adapters/postgres/database.ts';
import { TRY_AGAIN } from '../../../src/domain/errors.ts';
import { prepareDataDir, type ShopServer, startServer } from '../../helpers/shop-server.ts';

/**
 * The real server on PostgreSQL, whose database goes away while it serves (issue 31): every answer
 * that needs the database is a 503 with the spec's "try again", the health check says so, the
 * storefront's built pages keep serving, and all of it comes back with the database.
 */
let database: PostgresServer;
let shop: ShopServer;
let url: string;

beforeAll(async () => {
  database = await startPostgres();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('CREATE DATABASE shop');
  await admin.end();
  url = database.url.replace(/\/postgres$/, '/shop');
  // The test data folder's shop and build records, moved to PostgreSQL: the build it serves is current.
  const dataDir = await prepareDataDir();
  const engine = await openPostgres(url);
  const sqlite = new Database(`${dataDir}/shop.db`);
  try {
    await copyFromSqlite(sqlite, engine.pool);
  } finally {
    sqlite.close();
    await engine.close();
  }
  shop = await startServer(dataDir, { DATABASE_URL: url, WEB_WORKERS: '1' });
}, 180_000);

afterAll(async () => {
  await shop?.kill('SIGTERM');
  await database?.stop();
});

const get = async (path: string) => {
  const response = await fetch(`${shop.url}${path}`);
  return { status: response.status, text: await response.text() };
};

type Listed = { products: Array<{ id: string; title: string; available: number | null }> };

describe('cached answers on PostgreSQL (decision 097)', () => {
  it('follow a change another instance commits', async () => {
    const search = '/api/search?q=vezenkov';
    expect((await get(search)).text).toContain('Sasha Vezenkov template card');
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const rename = (from: string, to: string) =>
      other.query('UPDATE products SET title = $2 WHERE title = $1', [from, to]);
    try {
      await rename('Sasha Vezenkov template card', 'Sasha Vezenkov renamed card');
      await expect.poll(async () => (await get(search)).text).toContain('Sasha Vezenkov renamed card');
      await rename('Sasha Vezenkov renamed card', 'Sasha Vezenkov template card');
      await expect.poll(async () => (await get(search)).text).toContain('Sasha Vezenkov template card');
    } finally {
      await other.end();
    }
  });

  it("show the stock a shopper's order took to the very next request", async () => {
    const listing = '/api/products?sort=newest';
    const before = JSON.parse((await get(listing)).text) as Listed;
    const product = before.products.find((item) => (item.available ?? 0) > 0);
    if (!product) throw new Error('the test shop has no product in stock');
    const headers = { 'content-type': 'application/json', origin: shop.url };
    const added = await fetch(`${shop.url}/api/cart/lines`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ merchandiseId: product.id, quantity: 1 }),
    });
    expect(added.status).toBe(200);
    const placed = await fetch(`${shop.url}/api/orders`, {
      method: 'POST',
      headers: { ...headers, cookie: (added.headers.get('set-cookie') ?? '').split(';')[0] ?? '' },
      body: JSON.stringify({
        name: 'Αγοραστής Δοκιμής',
        email: 'buyer@example.gr',
        phone: '6912345678',
        delivery: { method: 'pickup' },
        payment: 'bank_transfer',
        notes: '',
        idempotencyKey: 'counter-cache-0123456789',
      }),
    });
    expect(placed.status).toBe(201);
    const after = JSON.parse((await get(listing)).text) as Listed;
    expect(after.products.find((item) => item.id === product.id)?.available).toBe(
      (product.available ?? 0) - 1,
    );
  });
});

describe('the shop on PostgreSQL when the database goes away', () => {
  it('answers 503 "try again" while it is down, keeps serving built pages, and recovers', async () => {
    expect((await get('/api/health')).status).toBe(200);
    expect((await get('/api/search?q=vezenkov')).text).toContain('Sasha Vezenkov template card');

    await database.halt();
    const health = await get('/api/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.text)).toMatchObject({ ok: false, database: { ok: false } });
    const search = await get('/api/search?q=olympiacos');
    expect(search.status).toBe(503);
    expect(JSON.parse(search.text)).toEqual({
      error: { kind: 'unavailable', message: TRY_AGAIN, fields: {} },
    });
    const cart = await fetch(`${shop.url}/api/cart/lines`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify({ merchandiseId: 'gid://shop/ProductVariant/1', quantity: 1 }),
    });
    expect(cart.status).toBe(503);
    expect(await cart.json()).toMatchObject({ error: { kind: 'unavailable', message: TRY_AGAIN } });
    const page = await get('/singles?q=vezenkov');
    expect(page.status).toBe(503);
    expect(page.text).toBe(TRY_AGAIN);
    expect((await get('/')).status).toBe(200);

    await database.resume();
    await expect.poll(async () => (await get('/api/health')).status, { timeout: 30_000 }).toBe(200);
    expect((await get('/api/search?q=olympiacos')).status).toBe(200);
    expect(shop.output()).not.toContain('"status":500');
  }, 120_000);
});
