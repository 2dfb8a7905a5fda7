import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src/adapters/sqlite/migrations/index.ts';
import { type Container, createContainer } from '../../../src/server/container.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { sqliteEngine } from '../../helpers/temp-shop.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/schema-001');
const MEDIA_FILE = '1790000000000-abc123-giannis.png';

let dir: string;
let shop: Container;

/** A data folder exactly as the first release left it, opened by today's code. */
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-upgrade-'));
  const db = new Database(path.join(dir, 'shop.db'));
  db.exec(fs.readFileSync(path.join(FIXTURE, 'shop.sql'), 'utf8'));
  db.close();
  fs.cpSync(path.join(FIXTURE, 'media'), path.join(dir, 'media'), { recursive: true });
  shop = createContainer(parseEnv({ DATA_DIR: dir }));
});

afterEach(() => {
  shop.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('upgrading a data folder made by the first released schema', () => {
  it('applies every migration since, and the database stays whole', () => {
    const applied = sqliteEngine(shop)
      .sqlite.prepare('SELECT name FROM migrations ORDER BY name')
      .all() as Array<{
      name: string;
    }>;
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(sqliteEngine(shop).sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(sqliteEngine(shop).sqlite.pragma('foreign_key_check')).toEqual([]);
  });

  it('reads back the catalogue: titles, teams, prices, stock, images, and sorts by name', async () => {
    const products = await shop.commerce.listProducts();
    expect(
      products.map(({ title, tags, priceCents, available, productType }) => ({
        title,
        tags,
        priceCents,
        available,
        productType,
      })),
    ).toEqual([
      {
        title: 'Ελληνικά γράμματα: Κώστας Σλούκας #11',
        tags: ['Olympiacos'],
        priceCents: 990,
        available: 0,
        productType: 'Card',
      },
      {
        title: '2023-24 Panini Select Luka Dončić #77 Silver',
        tags: ['Dallas Mavericks'],
        priceCents: 4200,
        available: 1,
        productType: 'Card',
      },
      {
        title: '2023-24 Panini Prizm Giannis Antetokounmpo #1',
        tags: ['Milwaukee Bucks', 'offer'],
        priceCents: 2500,
        available: 3,
        productType: 'Card',
      },
    ]);
    expect(products[2]?.images.map((image) => image.url)).toEqual([`/media/${MEDIA_FILE}`]);
    expect((await shop.media.read(MEDIA_FILE))?.contentType).toBe('image/png');
    // Name sorting needs the title keys migrations 003 and 004 filled in.
    const unkeyed = sqliteEngine(shop)
      .sqlite.prepare("SELECT COUNT(*) AS n FROM products WHERE title_key = ''")
      .get();
    expect(unkeyed).toEqual({ n: 0 });
    const byName = await shop.commerce.searchProducts({ sort: 'name', page: 1, pageSize: 10 });
    expect(byName.products.map((product) => product.title)).toEqual([
      '2023-24 Panini Prizm Giannis Antetokounmpo #1',
      '2023-24 Panini Select Luka Dončić #77 Silver',
      'Ελληνικά γράμματα: Κώστας Σλούκας #11',
    ]);
    const found = await shop.commerce.searchProducts({
      search: 'select luka',
      sort: 'newest',
      page: 1,
      pageSize: 10,
    });
    expect(found.total).toBe(1);
  });

  it('reads back carts, orders, categories, the inbox, the outbox and the build record', async () => {
    const cart = await shop.carts.getCart('c'.repeat(32));
    expect(cart?.lines.map((line) => [line.merchandise.title, line.quantity])).toEqual([
      ['2023-24 Panini Select Luka Dončić #77 Silver', 1],
    ]);
    const order = await shop.orders.getOrder('gid://shop/Order/1');
    expect(order).toMatchObject({
      number: 'CV-100001',
      status: 'paid',
      customer: { name: 'Γιώργος Παπαδόπουλος', email: 'giorgos@example.gr', phone: '6912345678' },
      delivery: { method: 'courier', city: 'Αθήνα', postalCode: '10563' },
      payment: 'bank_transfer',
      notes: '',
      totalCents: 2850,
      lines: [{ title: '2023-24 Panini Prizm Giannis Antetokounmpo #1', unitPriceCents: 2500, quantity: 1 }],
    });
    // Migration 017 rebuilt the orders table and gave every order its history: placed, then paid.
    expect(order?.history.map((event) => [event.status, event.undoneAt])).toEqual([
      ['pending', null],
      ['paid', null],
    ]);
    const [category] = await shop.documents.listCategories();
    expect(category?.teams[0]?.players.map((player) => player.name)).toEqual(['Κώστας Σλούκας']);
    expect((await shop.contact.list({ page: 1, pageSize: 10 })).messages[0]?.message).toBe(
      'Έχετε κάρτες Ολυμπιακού;',
    );
    expect((await shop.mail.listOutbox())[0]).toMatchObject({
      status: 'delivered',
      subject: 'Η παραγγελία σας CV-100001',
    });
    expect((await shop.builds.state()).current?.contentVersion).toBe(12);
  });

  it('keeps the admin account, password and sessions, which now have public ids', async () => {
    const session = await shop.auth.signIn(
      { email: 'owner@example.gr', password: 'first release password' },
      '203.0.113.7',
    );
    const sessions = await shop.auth.listSessions(session.user.id, session.token);
    expect(sessions).toHaveLength(2);
    for (const item of sessions) expect(item.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(sessions.filter((item) => item.current)).toHaveLength(1);
    expect((await shop.auth.recentSignIns(session.user.id, 10)).map((record) => record.ip)).toEqual([
      '203.0.113.7',
      '203.0.113.7',
    ]);
  });

  it('takes orders on the upgraded data, with their mails', async () => {
    const [giannis] = (await shop.commerce.listProducts()).filter((product) => product.available === 3);
    const cart = await shop.carts.addCartLines(null, [
      { merchandiseId: giannis?.variantId ?? '', quantity: 2 },
    ]);
    const { order } = await shop.orders.placeOrder({
      cartId: cart.id,
      idempotencyKey: 'after-upgrade-0001',
      customer: { name: 'Νέος πελάτης', email: 'new@example.gr', phone: '6900000000' },
      delivery: { method: 'pickup' },
      payment: 'cash_on_delivery',
      notes: '',
      shipping: { courierFeeCents: 0, freeShippingFromCents: null },
    });
    expect(order.number).toBe('CV-100002');
    expect((await shop.commerce.getProduct(giannis?.id ?? ''))?.available).toBe(1);
  });
});
