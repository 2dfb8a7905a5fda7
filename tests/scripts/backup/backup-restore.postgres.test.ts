import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackup } from '../../../scripts/backup/create-backup.ts';
import { manifestSchema } from '../../../scripts/backup/manifest.ts';
import { connectPostgres } from '../../../src/adapters/postgres/database.ts';
import { migrate } from '../../../src/adapters/postgres/migrate.ts';
import { MIGRATIONS } from '../../../src/adapters/postgres/migrations/index.ts';
import { type Container, createContainer, prepareDatabase } from '../../../src/server/container.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { placeOrder } from '../../../src/server/orders/place-order.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/postgres.ts';
import { buyerForm, dumpDatabase, fillShop, mediaHashes, picture } from '../../helpers/shop-data.ts';
import { openTempShop } from '../../helpers/temp-shop.ts';
import { archiveIn, runScript } from './run-script.ts';

/** The test server trusts local connections, so any password works: it is here to be kept out of sight. */
const PASSWORD = 'n0t-For-Printing-7';
const withPassword = (url: string) => {
  const address = new URL(url);
  address.password = PASSWORD;
  return address.toString();
};

let database: TestDatabase;
let dataDir: string;
let backups: string;
let shop: Container | null;

/** A script on the test's shop (its data folder, its database with a password), `env` overriding. */
const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  runScript(script, args, { DATA_DIR: dataDir, DATABASE_URL: withPassword(database.url), ...env });

/** Closes the shop's connections, as a stopped shop would; once. */
function stopShop() {
  shop?.close();
  shop = null;
}

/** Every table of the database at `url`, through a connection of its own that migrates nothing. */
async function dumpOf(url: string) {
  const engine = connectPostgres(url);
  try {
    return await dumpDatabase(engine);
  } finally {
    await engine.close();
  }
}

/**
 * The migrations a shop starting on the database would still apply. Through the shop's own pool,
 * which hears the error of a connection the server ends: the test drops the database at once,
 * and a plain pool's connection, still closing, then reports an error nobody hears, which fails
 * the run after its tests have passed.
 */
async function pendingMigrations(url: string) {
  const engine = connectPostgres(url, { poolSize: 1 });
  try {
    return await migrate(engine.pool);
  } finally {
    await engine.close();
  }
}

async function backupNow(): Promise<string> {
  const result = await run('backup.ts', ['--to', backups]);
  expect(result.code, result.out).toBe(0);
  expect(result.out).not.toContain(PASSWORD);
  return archiveIn(backups);
}

const asideFolders = () => fs.readdirSync(dataDir).filter((name) => name.startsWith('pre-restore-'));

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-pg-shop-'));
  backups = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-backups-'));
  shop = createContainer(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: database.url }));
  await fillShop(shop);
});

afterEach(async () => {
  stopShop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(backups, { recursive: true, force: true });
});

describe('npm run backup / npm run restore with DATABASE_URL', () => {
  it('round-trips with --force: every table and every media file is equal after the restore', async () => {
    const running = shop as Container;
    const tables = await dumpDatabase(running.database);
    const media = mediaHashes(dataDir);
    expect(Object.keys(media)).toHaveLength(3);

    const file = await backupNow();
    expect(path.basename(file)).toMatch(/^cardshop-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const unpacked = fs.mkdtempSync(path.join(backups, 'unpacked-'));
    await tar.extract({ file, cwd: unpacked });
    expect(fs.readdirSync(unpacked).sort()).toEqual(['manifest.json', 'media', 'shop.dump']);
    const manifest = manifestSchema.parse(
      JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')),
    );
    expect(manifest.database).toBe('postgres');
    expect(manifest.migrations.at(-1)).toBe(MIGRATIONS.at(-1)?.name);
    expect(manifest.tables.products).toBe(3);
    expect(manifest.tables.orders).toBe(1);

    // Life goes on after the backup: a product goes, a message and a picture arrive.
    const [first] = await running.commerce.recentProducts(1);
    await running.commerce.deleteProduct(first?.id ?? '');
    await running.contact.save({ name: 'Νέος', email: 'new@example.gr', message: 'Γεια', ip: '' });
    await running.media.store(await picture('#888'), 'late.png');
    expect(await dumpDatabase(running.database)).not.toEqual(tables);
    stopShop();

    const restore = await run('restore.ts', [file, '--force']);
    expect(restore.code, restore.out).toBe(0);
    console.info(`[restore]\n${restore.out}`);
    expect(restore.out).toContain('row counts match the backup');
    expect(restore.out).not.toContain(PASSWORD);
    expect(await dumpOf(database.url)).toEqual(tables);
    expect(mediaHashes(dataDir)).toEqual(media);
    const [aside] = asideFolders();
    expect(
      fs.readdirSync(path.join(dataDir, aside ?? '', 'media')).some((name) => name.endsWith('late.png')),
    ).toBe(true);

    // The restored shop opens, migrates nothing more, and serves its data.
    expect(await pendingMigrations(database.url)).toEqual([]);
    const reopened = createContainer(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: database.url }));
    try {
      await prepareDatabase(reopened);
      expect(await reopened.commerce.recentProducts(10)).toHaveLength(3);
      expect((await reopened.media.read(Object.keys(media)[0] ?? ''))?.bytes.length).toBeGreaterThan(0);
    } finally {
      reopened.close();
    }
  });

  it('restores into an empty database without --force', async () => {
    const tables = await dumpDatabase((shop as Container).database);
    const media = mediaHashes(dataDir);
    const file = await backupNow();
    const empty = await createTestDatabase({ empty: true });
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-pg-restored-'));
    try {
      const restore = await run('restore.ts', [file], { DATA_DIR: fresh, DATABASE_URL: empty.url });
      expect(restore.code, restore.out).toBe(0);
      expect(await dumpOf(empty.url)).toEqual(tables);
      expect(mediaHashes(fresh)).toEqual(media);
      expect(await pendingMigrations(empty.url)).toEqual([]);
    } finally {
      await empty.drop();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('refuses to replace a database that holds a shop unless told, touching nothing', async () => {
    const file = await backupNow();
    await (shop as Container).contact.save({
      name: 'Νέος',
      email: 'new@example.gr',
      message: 'Γεια',
      ip: '',
    });
    const before = await dumpOf(database.url);
    const media = mediaHashes(dataDir);

    const refused = await run('restore.ts', [file]);
    expect(refused.code, refused.out).toBe(2);
    expect(refused.out).toContain('already holds a shop');
    expect(refused.out).toContain('add --force to replace it');
    expect(await dumpOf(database.url)).toEqual(before);
    expect(mediaHashes(dataDir)).toEqual(media);
    expect(asideFolders()).toEqual([]);
  });

  it('refuses a tampered archive and an unreadable dump, touching nothing', async () => {
    const file = await backupNow();
    const before = await dumpOf(database.url);
    const unpacked = fs.mkdtempSync(path.join(backups, 'unpacked-'));
    await tar.extract({ file, cwd: unpacked });
    const pack = async (name: string) => {
      const archive = path.join(backups, name);
      await tar.create({ gzip: true, file: archive, cwd: unpacked }, ['manifest.json', 'shop.dump', 'media']);
      return archive;
    };
    const dump = path.join(unpacked, 'shop.dump');
    fs.appendFileSync(dump, 'x');
    const altered = await pack('altered.tar.gz');
    // Damaged before the backup listed it: the checksums agree, pg_restore does not.
    fs.writeFileSync(dump, 'not a dump');
    const manifestFile = path.join(unpacked, 'manifest.json');
    const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
    for (const entry of manifest.files)
      if (entry.path === 'shop.dump')
        Object.assign(entry, { bytes: 10, sha256: createHash('sha256').update('not a dump').digest('hex') });
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const unreadable = await pack('unreadable.tar.gz');

    for (const [archive, message] of [
      [altered, 'Checksum mismatch: shop.dump is damaged.'],
      [unreadable, 'The database dump in the archive cannot be read'],
    ] as const) {
      const result = await run('restore.ts', [archive, '--force']);
      expect(result.code, result.out).toBe(2);
      expect(result.out).toContain(message);
    }
    expect(await dumpOf(database.url)).toEqual(before);
    expect(asideFolders()).toEqual([]);
  });

  it('refuses an archive of the other database, saying what to do instead', async () => {
    const sqliteShop = openTempShop();
    const sqliteBackups = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-sqlite-backups-'));
    try {
      const { file } = await createBackup(sqliteShop.dir, sqliteBackups);
      const before = await dumpOf(database.url);
      const refused = await run('restore.ts', [file, '--force']);
      expect(refused.code, refused.out).toBe(2);
      expect(refused.out).toContain('This backup holds a SQLite data folder');
      expect(refused.out).toContain('npm run db:migrate-to-postgres');
      expect(await dumpOf(database.url)).toEqual(before);
    } finally {
      sqliteShop.remove();
      fs.rmSync(sqliteBackups, { recursive: true, force: true });
    }

    const file = await backupNow();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-sqlite-'));
    try {
      const onSqlite = await run('restore.ts', [file], { DATA_DIR: folder, DATABASE_URL: '' });
      expect(onSqlite.code, onSqlite.out).toBe(2);
      expect(onSqlite.out).toContain('This backup holds a PostgreSQL database');
      expect(fs.readdirSync(folder)).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('rolls back a restore that fails half-way: the database and the media stay as they were', async () => {
    const file = await backupNow();
    // Something of the owner's own that the restore cannot drop: DROP TABLE products fails on it.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('CREATE VIEW owner_report AS SELECT count(*) AS n FROM products');
    await client.end();
    await (shop as Container).contact.save({
      name: 'Νέος',
      email: 'new@example.gr',
      message: 'Γεια',
      ip: '',
    });
    const before = await dumpOf(database.url);
    const media = mediaHashes(dataDir);
    stopShop();

    const failed = await run('restore.ts', [file, '--force']);
    expect(failed.code, failed.out).toBe(1);
    expect(failed.out).toContain('The restore was rolled back');
    expect(failed.out).toContain('view public.owner_report depends on table public.products');
    expect(await dumpOf(database.url)).toEqual(before);
    expect(mediaHashes(dataDir)).toEqual(media);
    expect(asideFolders()).toEqual([]);
  });

  it('takes a consistent copy while the shop keeps taking orders', async () => {
    const running = shop as Container;
    const [card] = await running.commerce.recentProducts(1);
    await running.commerce.updateProduct(card?.id ?? '', {
      title: card?.title ?? '',
      priceCents: 900,
      quantity: 10_000,
      tags: ['Olympiacos'],
      productType: 'Card',
    });
    let writing = true;
    let placed = 0;
    const writer = (async () => {
      while (writing) {
        const cart = await running.carts.addCartLines(null, [
          { merchandiseId: card?.variantId ?? '', quantity: 1 },
        ]);
        await placeOrder(running, cart.id, buyerForm(`concurrent-${placed}-abcdefghijkl`));
        placed += 1;
      }
    })();
    const file = await backupNow();
    writing = false;
    await writer;
    expect(placed).toBeGreaterThan(0);

    // The restore checks every table's rows against the manifest: counts and dump are one snapshot.
    const empty = await createTestDatabase({ empty: true });
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-pg-restored-'));
    try {
      const restore = await run('restore.ts', [file], { DATA_DIR: fresh, DATABASE_URL: empty.url });
      expect(restore.code, restore.out).toBe(0);
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      try {
        const count = async (query: string) => Number((await client.query<{ n: string }>(query)).rows[0]?.n);
        const orders = await count('SELECT count(*) AS n FROM orders');
        // A snapshot between two commits: every order it holds has both its mails.
        expect(orders).toBeGreaterThanOrEqual(1);
        expect(orders).toBeLessThanOrEqual(placed + 1);
        expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE kind LIKE 'order-%'")).toBe(
          orders * 2,
        );
      } finally {
        await client.end();
      }
    } finally {
      await empty.drop();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('stops at once without pg_dump, with the command that installs it', async () => {
    const result = await run('backup.ts', ['--to', backups], { POSTGRES_BIN: '/nonexistent' });
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain('apt-get install -y postgresql-client');
    expect(fs.readdirSync(backups)).toEqual([]);
  });
});
