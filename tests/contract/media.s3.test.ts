import fs from 'node:fs';
import type { APIContext } from 'astro';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../scripts/s3-server.ts';
import { createLocalCarts } from '../../src/adapters/commerce-local/carts.ts';
import { createLocalCommerce } from '../../src/adapters/commerce-local/index.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { createS3Media, type S3Media } from '../../src/adapters/media-s3/index.ts';
import type { Engine } from '../../src/adapters/sqlite/database.ts';
import { TRY_AGAIN } from '../../src/domain/errors.ts';
import { srcSet } from '../../src/domain/media/responsive-image.ts';
import { POST as upload } from '../../src/pages/api/admin/media.ts';
import { GET as serveMedia } from '../../src/pages/media/[name].ts';
import type { Container } from '../../src/server/container.ts';
import { parseEnv } from '../../src/server/env.ts';
import { s3MediaSettings } from '../../src/server/env-media.ts';
import { errorAnswer } from '../../src/server/http/http.ts';
import { DATABASES, sqliteTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { recordLogs } from '../helpers/log-lines.ts';
import { rejection } from '../helpers/rejection.ts';
import { countRows, openTempShop } from '../helpers/temp-shop.ts';
import { type MediaHarness, mediaContract } from './media.contract.ts';

// Rows in the shop's database (SQLite or PostgreSQL), bytes in a bucket of a local S3-compatible
// server (s3rver, decision 094), one bucket per test.
let server: S3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.stop());

/** The adapter as the container makes it: from the settings of a shop's .env, parsed. */
function s3Media(db: ShopDatabase, bucket: string, settings: Record<string, string> = {}): S3Media {
  return createS3Media(db.db, s3MediaSettings(parseEnv({ ...server.env(bucket), ...settings })));
}

type S3Shop = {
  database: TestDatabase;
  bucket: string;
  media: S3Media;
  /** Rows in the `media` table. */
  mediaRows(): Promise<number>;
  close(): Promise<void>;
};

async function openS3Shop(
  openDatabase: () => Promise<TestDatabase>,
  settings: (bucket: string) => Record<string, string> = () => ({}),
): Promise<S3Shop> {
  const database = await openDatabase();
  const bucket = await server.createBucket();
  const media = s3Media(database.store, bucket, settings(bucket));
  return {
    database,
    bucket,
    media,
    async mediaRows() {
      const row = await database.store.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await media.close();
      await database.close();
    },
  };
}

/**
 * The contract's harness: a URL on the shop is read through the port, any other is fetched. The
 * catalogue shows the images where the container's would (`publicUrl`: MEDIA_PUBLIC_URL).
 */
async function s3Harness(shop: S3Shop, publicUrl?: string): Promise<MediaHarness> {
  const { media } = shop;
  return {
    media,
    commerce: createLocalCommerce(shop.database.store, { mediaUrls: { publicUrl } }),
    async readImage(url) {
      const name = /^\/media\/([^/?#]+)$/.exec(url)?.[1];
      if (name) return (await media.read(name))?.bytes ?? null;
      const answer = await fetch(url);
      return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : null;
    },
    close: shop.close,
  };
}

for (const [name, openDatabase] of DATABASES)
  mediaContract(
    `S3-compatible storage (objects in a bucket, rows in ${name})`,
    async () => s3Harness(await openS3Shop(openDatabase)),
    { urlBeforeAttach: true },
  );

mediaContract(
  'S3-compatible storage with MEDIA_PUBLIC_URL (images fetched from the bucket)',
  async () => {
    const shop = await openS3Shop(sqliteTestDatabase, (bucket) => ({
      MEDIA_PUBLIC_URL: `${server.endpoint}/${bucket}`,
    }));
    return s3Harness(shop, `${server.endpoint}/${shop.bucket}`);
  },
  { urlBeforeAttach: true },
);

const jpeg = (background: string) =>
  sharp({ create: { width: 1200, height: 840, channels: 3, background } })
    .jpeg()
    .toBuffer();
const nameOf = (url: string) => url.split('/').pop() ?? '';

/** The dashboard's upload endpoint, called as Astro calls it, with a signed-in admin. */
async function uploadThrough(container: Container, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
  const request = new Request('http://shop.test/api/admin/media', { method: 'POST', body: form });
  const response = await upload({
    request,
    locals: { container, admin: { id: 'admin-1' } },
  } as unknown as APIContext);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The shop's /media/<name>[?w=] route, as Astro calls it. */
async function fetchMedia(container: Container, name: string, query = '') {
  const url = new URL(`http://shop.test/media/${name}${query}`);
  const response = await serveMedia({
    params: { name },
    url,
    locals: { container },
  } as unknown as APIContext);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: await response.bytes(),
  };
}

describe('S3 media: the bucket', () => {
  let shop: S3Shop;
  afterEach(() => shop.close());

  it('keeps originals and variants under the local names, renders a variant once for every instance', async () => {
    shop = await openS3Shop(sqliteTestDatabase);
    const name = nameOf((await shop.media.store(await jpeg('#c33'), 'card.jpg')).url);
    expect(await server.keys(shop.bucket)).toEqual([name]);
    expect(await shop.mediaRows()).toBe(1);

    const variant = await shop.media.readVariant(name, 480);
    expect((await sharp(variant?.bytes).metadata()).width).toBe(480);
    expect(await server.keys(shop.bucket)).toEqual([name, `w480/${name}.webp`]);

    // Another instance: nothing in its memory, the variant read from the bucket, not rendered again.
    const another = s3Media(shop.database.store, shop.bucket);
    try {
      const there = await another.readVariant(name, 480);
      expect(Buffer.from(there?.bytes ?? [])).toEqual(Buffer.from(variant?.bytes ?? []));
      expect(await another.exists(name)).toBe(true);
    } finally {
      await another.close();
    }
  });

  it('purges unused images with their variants from the bucket', async () => {
    shop = await openS3Shop(sqliteTestDatabase);
    const unused = nameOf((await shop.media.store(await jpeg('#c33'), 'unused.jpg')).url);
    const fresh = nameOf((await shop.media.store(await jpeg('#3c3'), 'fresh.jpg')).url);
    await shop.media.readVariant(unused, 320);
    await shop.database.store.db
      .updateTable('media')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('file_name', '=', unused)
      .execute();

    expect(await shop.media.purgeUnused(new Date(Date.now() - 24 * 3_600_000))).toBe(1);
    expect(await server.keys(shop.bucket)).toEqual([fresh]);
    expect(await shop.media.read(unused)).toBeNull();
    expect(await shop.media.readVariant(unused, 320)).toBeNull();
  });

  it('writes no row when the object could not be stored, and removes the object when the row could not be written', async () => {
    shop = await openS3Shop(sqliteTestDatabase);
    (shop.database.store as Engine).sqlite.exec(
      "CREATE TRIGGER refuse_media BEFORE INSERT ON media BEGIN SELECT RAISE(ABORT, 'no'); END",
    );
    await expect(shop.media.store(await jpeg('#33c'), 'card.jpg')).rejects.toThrow('no');
    expect(await server.keys(shop.bucket)).toEqual([]);
    expect(await shop.mediaRows()).toBe(0);
  });
});

describe('S3 media: the shop with MEDIA_BACKEND=s3', () => {
  it('uploads through the dashboard into the bucket and serves the image and its variants at /media/', async () => {
    const bucket = await server.createBucket();
    const shop = openTempShop(server.env(bucket));
    try {
      const answer = await uploadThrough(shop.container, await jpeg('#c33'), 'card.jpg');
      expect(answer.status).toBe(201);
      const name = nameOf((answer.body.media as { url: string }).url);
      expect(await server.keys(bucket)).toEqual([name]);
      expect(await fetchMedia(shop.container, name)).toMatchObject({ status: 200, type: 'image/jpeg' });
      const variant = await fetchMedia(shop.container, name, '?w=320');
      expect([variant.status, variant.type]).toEqual([200, 'image/webp']);
      expect((await sharp(variant.bytes).metadata()).width).toBe(320);
      expect(await server.keys(bucket)).toEqual([name, `w320/${name}.webp`]);
      expect((await fetchMedia(shop.container, '1700000000000-abcdef-card.jpg')).status).toBe(404);
      expect(fs.readdirSync(shop.dir)).not.toContain('media');
    } finally {
      shop.remove();
    }
  });

  it('with MEDIA_PUBLIC_URL, shows the catalogue and the carts with the bucket URLs', async () => {
    const bucket = await server.createBucket();
    const base = `${server.endpoint}/${bucket}`;
    const shop = openTempShop({ ...server.env(bucket), MEDIA_PUBLIC_URL: base });
    try {
      const answer = await uploadThrough(shop.container, await jpeg('#c33'), 'card.jpg');
      const { id, url } = answer.body.media as { id: string; url: string };
      const name = nameOf(url);
      expect(url).toBe(`${base}/${name}`);
      expect(await server.keys(bucket)).toHaveLength(4);
      const { commerce, carts } = shop.container;
      const { product } = await commerce.createProduct({
        title: 'Luka Doncic Prizm #77',
        priceCents: 2500,
        quantity: 1,
        mediaIds: [id],
      });
      expect((await commerce.getProduct(product.id))?.images.map((image) => image.url)).toEqual([url]);
      const cart = await carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
      expect(cart.lines[0]?.merchandise.image).toBe(url);
    } finally {
      shop.remove();
    }
  });
});

describe('S3 media: MEDIA_PUBLIC_URL', () => {
  let shop: S3Shop;
  afterEach(() => shop.close());

  /** A shop whose images browsers fetch from the bucket itself (s3rver serves it by path). */
  async function publicShop() {
    shop = await openS3Shop(sqliteTestDatabase, (bucket) => ({
      MEDIA_PUBLIC_URL: `${server.endpoint}/${bucket}/`,
    }));
    return `${server.endpoint}/${shop.bucket}`;
  }

  const widthAt = async (url: string) => {
    const answer = await fetch(url);
    expect([url, answer.status, answer.headers.get('content-type')]).toEqual([url, 200, 'image/webp']);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    return (await sharp(new Uint8Array(await answer.arrayBuffer())).metadata()).width;
  };

  it('stores every variant with the original at upload, and gives the upload its public URL', async () => {
    const base = await publicShop();
    const stored = await shop.media.store(await jpeg('#c33'), 'card.jpg');
    const name = nameOf(stored.url);
    expect(stored.url).toBe(`${base}/${name}`);
    expect(await server.keys(shop.bucket)).toEqual([
      name,
      `w320/${name}.webp`,
      `w480/${name}.webp`,
      `w800/${name}.webp`,
    ]);
    const fetched = await fetch(stored.url);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(fetched.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(
      Buffer.from((await shop.media.read(name))?.bytes ?? []),
    );
    // The same bytes the shop's own ?w= serves: one rendering, wherever it is asked for.
    const fromBucket = await fetch(`${base}/w480/${name}.webp`);
    expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(
      Buffer.from((await shop.media.readVariant(name, 480))?.bytes ?? []),
    );
  });

  it('stores nothing, variants included, when the row could not be written', async () => {
    await publicShop();
    (shop.database.store as Engine).sqlite.exec(
      "CREATE TRIGGER refuse_media BEFORE INSERT ON media BEGIN SELECT RAISE(ABORT, 'no'); END",
    );
    await expect(shop.media.store(await jpeg('#33c'), 'card.jpg')).rejects.toThrow('no');
    expect(await server.keys(shop.bucket)).toEqual([]);
  });

  it('gives products and carts the bucket URLs, and stores the variants in the bucket', async () => {
    const base = await publicShop();
    const stored = await shop.media.store(await jpeg('#c33'), 'card.jpg');
    const name = nameOf(stored.url);
    const store = shop.database.store;
    const mediaUrls = { publicUrl: `${base}/` };
    const { product } = await createLocalCommerce(store, { mediaUrls }).createProduct({
      title: 'Luka Doncic Prizm #77',
      tags: ['Dallas Mavericks'],
      priceCents: 2500,
      quantity: 1,
      mediaIds: [stored.id],
    });
    expect(product.images.map((image) => image.url)).toEqual([`${base}/${name}`]);
    const [summary] = await createLocalCommerce(store, { mediaUrls }).listProductSummaries();
    expect(summary?.images.map((image) => image.url)).toEqual([`${base}/${name}`]);

    // Every variant is in the bucket at its width, and the images carry them to the pages.
    for (const width of [320, 480, 800]) expect(await widthAt(`${base}/w${width}/${name}.webp`)).toBe(width);
    expect(srcSet(product.images[0])).toBe(
      [320, 480, 800].map((width) => `${base}/w${width}/${name}.webp ${width}w`).join(', '),
    );
    expect(srcSet(summary?.images[0])).toBe(srcSet(product.images[0]));

    const carts = createLocalCarts(store, { mediaUrls });
    const cart = await carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
    expect(cart.lines.map((line) => line.merchandise.image)).toEqual([`${base}/${name}`]);
    expect((await carts.getCart(cart.id))?.lines[0]?.merchandise.image).toBe(`${base}/${name}`);

    // Without the setting the same rows are the shop's /media/ URLs, as before.
    const [own] = await createLocalCommerce(store).listProducts();
    expect(own?.images.map((image) => image.url)).toEqual([`/media/${name}`]);
  });

  it('renders the variants of images stored before the setting, once (npm run media:variants)', async () => {
    const bucket = await server.createBucket();
    const database = await sqliteTestDatabase();
    const before = s3Media(database.store, bucket);
    const base = `${server.endpoint}/${bucket}`;
    const after = s3Media(database.store, bucket, { MEDIA_PUBLIC_URL: base });
    try {
      const old = nameOf((await before.store(await jpeg('#c33'), 'old.jpg')).url);
      const asked = nameOf((await before.store(await jpeg('#3c3'), 'asked.jpg')).url);
      await before.readVariant(asked, 480); // A page asked the shop for one variant already.
      const fresh = nameOf((await after.store(await jpeg('#33c'), 'fresh.jpg')).url);
      expect(await server.keys(bucket)).toHaveLength(1 + 2 + 4);

      const progress: number[] = [];
      expect(await after.renderMissingVariants((done) => progress.push(done))).toEqual({
        images: 3,
        rendered: 3 + 2,
        unreadable: [],
      });
      expect(progress).toEqual([1, 2, 3]);
      expect(await server.keys(bucket)).toHaveLength(3 * 4);
      for (const name of [old, asked, fresh])
        for (const width of [320, 480, 800])
          expect(await widthAt(`${base}/w${width}/${name}.webp`)).toBe(width);

      // Idempotent: a second run finds every variant there and renders none.
      expect(await after.renderMissingVariants()).toEqual({ images: 3, rendered: 0, unreadable: [] });
    } finally {
      await before.close();
      await after.close();
      await database.close();
    }
  });
});

describe('S3 media: a store that is down', () => {
  it('refuses an upload with the Greek "try again" and a 503, and writes no row', async () => {
    const logs = recordLogs();
    const shop = openTempShop({
      ...server.env('cardshop-down'),
      S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
    });
    try {
      const error = await rejection(shop.container.media.store(await jpeg('#c33'), 'card.jpg'));
      expect([error.kind, error.message]).toEqual(['unavailable', TRY_AGAIN]);
      expect(errorAnswer(error).status).toBe(503);
      expect(countRows(shop.container, 'media')).toBe(0);
      expect(logs.lines.map((line) => [line.level, line.msg])).toContainEqual([
        'warn',
        'The image store did not answer',
      ]);
    } finally {
      logs.stop();
      shop.remove();
    }
  });

  it("the dashboard's upload endpoint answers 503 with the Greek message", async () => {
    const logs = recordLogs();
    const shop = openTempShop({
      ...server.env('cardshop-down'),
      S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
    });
    try {
      const answer = await uploadThrough(shop.container, await jpeg('#c33'), 'card.jpg');
      expect(answer).toEqual({
        status: 503,
        body: { error: { kind: 'unavailable', message: TRY_AGAIN, fields: {} } },
      });
      expect(countRows(shop.container, 'media')).toBe(0);
    } finally {
      logs.stop();
      shop.remove();
    }
  });

  it('refuses an upload the same way when the store refuses the keys', async () => {
    const logs = recordLogs();
    const bucket = await server.createBucket();
    const shop = openTempShop({ ...server.env(bucket), S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    try {
      expect((await rejection(shop.container.media.store(await jpeg('#c33'), 'card.jpg'))).kind).toBe(
        'unavailable',
      );
      expect(countRows(shop.container, 'media')).toBe(0);
      expect(await server.keys(bucket)).toEqual([]);
    } finally {
      logs.stop();
      shop.remove();
    }
  });

  it('keeps serving the images this instance already served; others answer 503 until it is back', async () => {
    const own = await startS3Server();
    const database = await sqliteTestDatabase();
    const bucket = await own.createBucket();
    const settings = s3MediaSettings(parseEnv(own.env(bucket)));
    const media = createS3Media(database.store.db, settings);
    const another = createS3Media(database.store.db, settings);
    const logs = recordLogs();
    try {
      const name = nameOf((await media.store(await jpeg('#c33'), 'card.jpg')).url);
      const served = await media.readVariant(name, 320);
      await own.stop();

      expect(Buffer.from((await media.readVariant(name, 320))?.bytes ?? [])).toEqual(
        Buffer.from(served?.bytes ?? []),
      );
      expect((await media.read(name))?.contentType).toBe('image/jpeg');
      // Not cached yet: rendered from the original in memory, served though the bucket cannot keep it.
      expect((await sharp((await media.readVariant(name, 800))?.bytes).metadata()).width).toBe(800);
      expect(logs.lines.map((line) => line.msg)).toContain('Could not cache an image variant');

      const error = await rejection(another.read(name));
      expect([error.kind, error.message, errorAnswer(error).status]).toEqual(['unavailable', TRY_AGAIN, 503]);
      expect((await rejection(another.readVariant(name, 480))).kind).toBe('unavailable');
      // A name the database does not know is still no image, whatever the store.
      expect(await another.read('1700000000000-abcdef-card.jpg')).toBeNull();
    } finally {
      logs.stop();
      await media.close();
      await another.close();
      await database.close();
    }
  });
});
