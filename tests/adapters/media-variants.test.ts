import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaPort } from '../../src/ports/media.ts';
import { openTestCatalogue, type TestCatalogue } from '../helpers/catalogue.ts';
import { DATABASES } from '../helpers/databases.ts';

// Files in a data folder on disk, rows in either database (decision 093).
describe.each(DATABASES)('image variants, the rows on %s', (_, openDatabase) => {
  let catalogue: TestCatalogue;
  let media: MediaPort;
  let mediaDir: string;

  beforeEach(async () => {
    catalogue = await openTestCatalogue(openDatabase);
    media = catalogue.media;
    mediaDir = path.join(catalogue.dataDir, 'media');
  });

  afterEach(async () => {
    await catalogue.close();
  });

  /** Stores a 1600 x 1120 JPEG (a card scanned sideways; 1600 px is the stored maximum) and gives its name. */
  async function storeLargeJpeg(): Promise<string> {
    const jpeg = await sharp({ create: { width: 1600, height: 1120, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const stored = await media.store(jpeg, 'card.jpg');
    expect([stored.width, stored.height]).toEqual([1600, 1120]);
    return stored.url.slice('/media/'.length);
  }

  describe('readVariant', () => {
    it('renders a 480-wide WebP once, caches it on disk and serves the cached file next time', async () => {
      const name = await storeLargeJpeg();
      const variant = await media.readVariant(name, 480);
      expect(variant?.contentType).toBe('image/webp');
      const metadata = await sharp(variant?.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 480, 336]);

      const cached = path.join(mediaDir, 'w480', `${name}.webp`);
      expect(Buffer.from(variant?.bytes ?? [])).toEqual(fs.readFileSync(cached));
      expect(fs.readdirSync(path.join(mediaDir, 'w480'))).toEqual([`${name}.webp`]); // no temp file left

      // A re-render would replace the file (new mtime); the cached one must be served as it is.
      const past = new Date('2001-01-01T00:00:00Z');
      fs.utimesSync(cached, past, past);
      const again = await media.readVariant(name, 480);
      expect(Buffer.from(again?.bytes ?? [])).toEqual(Buffer.from(variant?.bytes ?? []));
      expect(fs.statSync(cached).mtimeMs).toBe(past.getTime());
    });

    it('shares one render between concurrent first requests', async () => {
      const name = await storeLargeJpeg();
      const [a, b] = await Promise.all([media.readVariant(name, 320), media.readVariant(name, 320)]);
      expect(a?.bytes).toBe(b?.bytes); // the very same buffer: one render
      expect((await sharp(a?.bytes).metadata()).width).toBe(320);
      expect(fs.readdirSync(path.join(mediaDir, 'w320'))).toEqual([`${name}.webp`]);
    });

    it('never enlarges a small image', async () => {
      const png = await sharp({ create: { width: 40, height: 56, channels: 3, background: '#0f0' } })
        .png()
        .toBuffer();
      const name = (await media.store(png, 'small.png')).url.slice('/media/'.length);
      const variant = await media.readVariant(name, 800);
      const metadata = await sharp(variant?.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 40, 56]);
    });

    it('gives null for widths outside 320, 480 and 800, and renders nothing', async () => {
      const name = await storeLargeJpeg();
      for (const width of [481, 5000, 0, -480, 479.5, Number.NaN, 1600]) {
        expect(await media.readVariant(name, width), String(width)).toBeNull();
      }
      expect(fs.readdirSync(mediaDir)).toEqual([name]);
    });

    it('gives null for names that try to leave the media folder', async () => {
      const name = await storeLargeJpeg();
      for (const bad of ['../x', '../shop.db', `w480/${name}`, `../media/${name}`, '', '..', '/etc/passwd']) {
        expect(await media.readVariant(bad, 480), bad).toBeNull();
      }
      expect(fs.readdirSync(mediaDir)).toEqual([name]);
    });

    it('gives null for a well-formed name that is not in the database', async () => {
      expect(await media.readVariant('1700000000000-abcdef-card.jpg', 480)).toBeNull();
      expect(fs.existsSync(path.join(mediaDir, 'w480'))).toBe(false);
    });

    it('gives null when the stored original has gone from disk', async () => {
      const name = await storeLargeJpeg();
      fs.rmSync(path.join(mediaDir, name));
      expect(await media.readVariant(name, 480)).toBeNull();
    });
  });
});
