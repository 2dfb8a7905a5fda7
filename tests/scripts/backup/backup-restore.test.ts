import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContainer } from '../../../src/server/container.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { placeOrder } from '../../../src/server/orders/place-order.ts';
import { buyerForm, dumpTables, fillShop, mediaHashes, picture } from '../../helpers/shop-data.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';
import { archiveIn, runScript } from './run-script.ts';

/** A SQLite shop: DATABASE_URL set empty, whatever the environment of the test run says. */
const run = (script: string, args: string[], dataDir: string) =>
  runScript(script, args, { DATA_DIR: dataDir, DATABASE_URL: '' });

let shop: TempShop;
let backups: string;

beforeEach(async () => {
  shop = openTempShop();
  backups = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-backups-'));
  await fillShop(shop.container);
});

afterEach(() => {
  shop.remove();
  fs.rmSync(backups, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('round-trips: every table and every media file is equal after the restore', async () => {
    const tables = dumpTables(shop.dir);
    const media = mediaHashes(shop.dir);
    expect(Object.keys(media)).toHaveLength(3);
    // A cached variant is no data: it is left out and rendered again.
    expect(await shop.container.media.readVariant(Object.keys(media)[0] ?? '', 320)).not.toBeNull();
    expect(fs.existsSync(path.join(shop.dir, 'media', 'w320'))).toBe(true);

    const backup = await run('backup.ts', ['--to', backups], shop.dir);
    expect(backup.code, backup.out).toBe(0);
    console.info(`[backup]\n${backup.out}`);
    const file = archiveIn(backups);
    expect(path.basename(file)).toMatch(/^cardshop-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // Life goes on after the backup: a product goes, a message and a picture arrive.
    const [first] = await shop.container.commerce.recentProducts(1);
    await shop.container.commerce.deleteProduct(first?.id ?? '');
    await shop.container.contact.save({ name: 'Νέος', email: 'new@example.gr', message: 'Γεια', ip: '' });
    await shop.container.media.store(await picture('#888'), 'late.png');
    expect(dumpTables(shop.dir)).not.toEqual(tables);
    shop.container.close();

    const restore = await run('restore.ts', [file], shop.dir);
    expect(restore.code, restore.out).toBe(0);
    console.info(`[restore]\n${restore.out}`);
    expect(restore.out).toContain('integrity check: ok');
    expect(dumpTables(shop.dir)).toEqual(tables);
    expect(mediaHashes(shop.dir)).toEqual(media);
    const aside = fs.readdirSync(shop.dir).find((name) => name.startsWith('pre-restore-'));
    expect(aside && fs.existsSync(path.join(shop.dir, aside, 'shop.db'))).toBe(true);

    // The restored shop opens, migrates nothing more, and serves its data.
    const reopened = createContainer(parseEnv({ DATA_DIR: shop.dir }));
    try {
      expect(await reopened.commerce.recentProducts(10)).toHaveLength(3);
      expect((await reopened.media.read(Object.keys(media)[0] ?? ''))?.bytes.length).toBeGreaterThan(0);
    } finally {
      reopened.close();
    }
  });

  it('takes a consistent copy while the shop keeps taking orders', async () => {
    const [card] = await shop.container.commerce.recentProducts(1);
    await shop.container.commerce.updateProduct(card?.id ?? '', {
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
        const cart = await shop.container.carts.addCartLines(null, [
          { merchandiseId: card?.variantId ?? '', quantity: 1 },
        ]);
        await placeOrder(shop.container, cart.id, buyerForm(`concurrent-${placed}-abcdefghijkl`));
        placed += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const backup = await run('backup.ts', ['--to', backups], shop.dir);
    writing = false;
    await writer;
    expect(backup.code, backup.out).toBe(0);
    expect(placed).toBeGreaterThan(0);

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-restored-'));
    try {
      const restore = await run('restore.ts', [archiveIn(backups)], fresh);
      expect(restore.code, restore.out).toBe(0);
      const db = new Database(path.join(fresh, 'shop.db'));
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const orders = (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
        const mails = (
          db.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind LIKE 'order-%'").get() as { n: number }
        ).n;
        // A snapshot between two commits: every order it holds has both its mails.
        expect(orders).toBeGreaterThanOrEqual(1);
        expect(orders).toBeLessThanOrEqual(placed + 1);
        expect(mails).toBe(orders * 2);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("refuses to replace a running shop's data unless told", async () => {
    const backup = await run('backup.ts', ['--to', backups], shop.dir);
    expect(backup.code, backup.out).toBe(0);
    // This test process stands for the running shop.
    fs.writeFileSync(
      path.join(shop.dir, 'server.json'),
      JSON.stringify({ pid: process.pid, port: 4321, startedAt: '' }),
    );
    const before = dumpTables(shop.dir);
    const refused = await run('restore.ts', [archiveIn(backups)], shop.dir);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(`A shop is serving ${shop.dir} (process ${process.pid}, port 4321)`);
    expect(dumpTables(shop.dir)).toEqual(before);

    shop.container.close();
    const forced = await run('restore.ts', [archiveIn(backups), '--force'], shop.dir);
    expect(forced.code, forced.out).toBe(0);
  });

  it('refuses a damaged archive, an altered file and unexpected entries, touching nothing', async () => {
    const backup = await run('backup.ts', ['--to', backups], shop.dir);
    expect(backup.code, backup.out).toBe(0);
    const file = archiveIn(backups);
    const before = dumpTables(shop.dir);

    const truncated = path.join(backups, 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, 2000));
    const unpacked = fs.mkdtempSync(path.join(backups, 'unpacked-'));
    await tar.extract({ file, cwd: unpacked });
    const [mediaFile] = fs.readdirSync(path.join(unpacked, 'media'));
    fs.appendFileSync(path.join(unpacked, 'media', mediaFile ?? ''), 'x');
    const altered = path.join(backups, 'altered.tar.gz');
    await tar.create({ gzip: true, file: altered, cwd: unpacked }, ['manifest.json', 'shop.db', 'media']);
    fs.mkdirSync(path.join(unpacked, 'builds'));
    fs.writeFileSync(path.join(unpacked, 'builds', 'evil.mjs'), 'export {}');
    const extra = path.join(backups, 'extra.tar.gz');
    await tar.create({ gzip: true, file: extra, cwd: unpacked }, [
      'manifest.json',
      'shop.db',
      'media',
      'builds',
    ]);

    for (const [archive, message] of [
      [truncated, 'The archive cannot be read'],
      [altered, `Checksum mismatch: media/${mediaFile} is damaged.`],
      [extra, 'The archive holds unexpected entries: builds/'],
      [path.join(backups, 'missing.tar.gz'), 'No such backup file'],
    ] as const) {
      const result = await run('restore.ts', [archive], shop.dir);
      expect(result.code, result.out).toBe(2);
      expect(result.out).toContain(message);
    }
    expect(dumpTables(shop.dir)).toEqual(before);
  });
});
