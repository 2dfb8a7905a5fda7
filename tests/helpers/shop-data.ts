import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import sharp from 'sharp';
import { upsertAdmin } from '../../src/adapters/auth-local/accounts.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { checkoutFormSchema } from '../../src/domain/orders/checkout-form.ts';
import type { Container } from '../../src/server/container.ts';
import { placeOrder } from '../../src/server/orders/place-order.ts';

/** A small picture, so media go through the real store (checked, re-encoded). */
export async function picture(colour: string): Promise<Uint8Array> {
  return sharp({ create: { width: 40, height: 56, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A shop with something in every part: a category, products with images and stock, an order with
 * its two mails, a contact message with its mail, an admin with a session, rate-limit hits.
 */
export async function fillShop(container: Container): Promise<void> {
  await container.documents.putCategory({
    id: 'olympiacos-bc',
    name: 'EUROLEAGUE',
    teams: [{ name: 'Olympiacos', image: '', players: [{ name: 'Sasha Vezenkov', image: '' }] }],
  });
  const products = [];
  for (const [index, colour] of ['#c00', '#0a0', '#00c'].entries()) {
    const media = await container.media.store(await picture(colour), `card-${index}.png`);
    products.push(
      (
        await container.commerce.createProduct({
          title: `2024-25 Sasha Vezenkov #${index + 1}`,
          descriptionHtml: '<p>Κάρτα σε <strong>άριστη</strong> κατάσταση.</p>',
          tags: ['Olympiacos'],
          productType: 'Card',
          priceCents: 1500 + index * 100,
          quantity: 5,
          mediaIds: [media.id],
        })
      ).product,
    );
  }
  const cart = await container.carts.addCartLines(null, [
    { merchandiseId: products[0]?.variantId ?? '', quantity: 1 },
  ]);
  await placeOrder(
    container,
    cart.id,
    checkoutFormSchema.parse({
      name: 'Γιώργος Παπαδόπουλος',
      email: 'giorgos@example.gr',
      phone: '6912345678',
      delivery: { method: 'pickup' },
      payment: 'bank_transfer',
      notes: '',
      idempotencyKey: `fill-${Date.now()}-abcdefgh`,
    }),
  );
  await container.contact.save(
    { name: 'Μαρία', email: 'maria@example.gr', message: 'Έχετε κάρτες Ολυμπιακού;', ip: '203.0.113.5' },
    {
      kind: 'contact-message',
      to: 'shop@example.com',
      subject: 'Νέο μήνυμα',
      text: 'Έχετε κάρτες Ολυμπιακού;',
    },
  );
  await upsertAdmin(container.database, 'owner@example.gr', 'correct horse battery staple');
  await container.auth.signIn(
    { email: 'owner@example.gr', password: 'correct horse battery staple' },
    '203.0.113.9',
  );
  await container.limits.hit({ name: 'contact', limit: 5, windowMs: 600_000 }, '203.0.113.5');
}

/** Every row of every table, in a stable order: two equal dumps are two equal databases. */
export function dumpTables(dataDir: string): Record<string, string[]> {
  const db = new Database(path.join(dataDir, 'shop.db'), { fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as Array<{ name: string }>;
    return Object.fromEntries(
      tables.map(({ name }) => {
        // Sorted by content: some tables have no rowid, and row order is no part of the data.
        const rows = db.prepare(`SELECT * FROM "${name}"`).all();
        return [name, rows.map((row) => JSON.stringify(row)).sort()];
      }),
    );
  } finally {
    db.close();
  }
}

/**
 * dumpTables for a shop database of either kind, through its own connection: on PostgreSQL the
 * tables of the schema the shop uses, with values as the shop reads them (decision 093).
 */
export async function dumpDatabase(database: ShopDatabase): Promise<Record<string, string[]>> {
  const tables =
    database.dialect === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master
          WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
      : sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
          WHERE schemaname = current_schema() ORDER BY tablename`;
  const dump: Record<string, string[]> = {};
  for (const { name } of (await tables.execute(database.db)).rows) {
    const { rows } = await sql`SELECT * FROM ${sql.table(name)}`.execute(database.db);
    dump[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return dump;
}

/** Name -> SHA-256 of every top-level media file. */
export function mediaHashes(dataDir: string): Record<string, string> {
  const folder = path.join(dataDir, 'media');
  if (!fs.existsSync(folder)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [
        entry.name,
        createHash('sha256')
          .update(fs.readFileSync(path.join(folder, entry.name)))
          .digest('hex'),
      ])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

/** A shopper's checkout form, as the checkout page sends it, under its own idempotency key. */
export const buyerForm = (idempotencyKey: string) =>
  checkoutFormSchema.parse({
    name: 'Πελάτης',
    email: 'buyer@example.gr',
    phone: '6900000000',
    delivery: { method: 'pickup' },
    payment: 'cash_on_delivery',
    notes: '',
    idempotencyKey,
  });
