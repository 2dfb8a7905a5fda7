import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.ts';
import { MAX_UPLOAD_BYTES } from '../../src/domain/media/image-files.ts';
import type { MediaPort } from '../../src/ports/media.ts';
import { openTestCatalogue, type TestCatalogue } from '../helpers/catalogue.ts';
import { DATABASES } from '../helpers/databases.ts';

const NOT_AN_IMAGE = 'Παρακαλώ επιλέξτε εικόνες (JPG, PNG κλπ).';
const NO_VALID_IMAGE = 'Καμία έγκυρη εικόνα δεν ανέβηκε.';

const redPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();

// Files in a data folder on disk, rows in either database (decision 093).
describe.each(DATABASES)('media files, their rows on %s', (_, openDatabase) => {
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

  function storedFiles(): string[] {
    return fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir) : [];
  }

  async function refusal(bytes: Uint8Array, name: string): Promise<AppError> {
    try {
      await media.store(bytes, name);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
    throw new Error(`store accepted ${name}`);
  }

  describe('store', () => {
    it('stores a PNG under a generated name and reads it back', async () => {
      const png = await redPng();
      const stored = await media.store(png, 'card.png');
      expect(stored).toMatchObject({ width: 40, height: 30, contentType: 'image/png' });
      expect(stored.id).toMatch(/^gid:\/\/shop\/MediaImage\/\d+$/);
      expect(stored.url).toMatch(/^\/media\/\d{13}-[a-z0-9]{6}-card\.png$/);

      const name = stored.url.slice('/media/'.length);
      expect(storedFiles()).toEqual([name]);
      const onDisk = fs.readFileSync(path.join(mediaDir, name));
      const read = await media.read(name);
      expect(read?.contentType).toBe('image/png');
      expect(Buffer.from(read?.bytes ?? [])).toEqual(onDisk);
      const metadata = await sharp(onDisk).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 40, 30]);
      expect(await catalogue.count('media')).toBe(1);
    });

    it('gives each upload its own name, even with the same original name', async () => {
      const png = await redPng();
      const first = await media.store(png, 'card.png');
      const second = await media.store(png, 'card.png');
      expect(first.url).not.toBe(second.url);
      expect(first.id).not.toBe(second.id);
      expect(storedFiles()).toHaveLength(2);
    });

    it('strips EXIF metadata', async () => {
      const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();

      const stored = await media.store(jpeg, 'photo.jpg');
      expect(stored.contentType).toBe('image/jpeg');
      expect(stored.url).toMatch(/-photo\.jpg$/);
      const bytes = fs.readFileSync(path.join(mediaDir, stored.url.slice('/media/'.length)));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes('secret')).toBe(false);
    });

    it('shrinks large images to at most 1600 px on the longest edge', async () => {
      const wide = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#123' } })
        .png()
        .toBuffer();
      const stored = await media.store(wide, 'wide.png');
      expect([stored.width, stored.height]).toEqual([1600, 500]);
    });

    it('re-encodes a GIF as PNG', async () => {
      const gif = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#0f0' } })
        .gif()
        .toBuffer();
      const stored = await media.store(gif, 'anim.gif');
      expect(stored.contentType).toBe('image/png');
      expect(stored.url).toMatch(/-anim\.png$/);
    });

    it('never lets the original name leave the media folder', async () => {
      const stored = await media.store(await redPng(), '../../evil.png');
      expect(stored.url).toMatch(/^\/media\/\d{13}-[a-z0-9]{6}-evil\.png$/);
      expect(storedFiles()).toHaveLength(1);
      expect(fs.readdirSync(catalogue.dataDir)).toEqual(['media']);
      expect(fs.existsSync(path.join(path.dirname(catalogue.dataDir), 'evil.png'))).toBe(false);
    });

    it('refuses a PDF renamed .jpg and stores nothing', async () => {
      const pdf = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'));
      const error = await refusal(pdf, 'card.jpg');
      expect(error.kind).toBe('invalid');
      expect(error.message).toBe(NOT_AN_IMAGE);
      expect(storedFiles()).toEqual([]);
      expect(await catalogue.count('media')).toBe(0);
    });

    it('refuses SVG text and a JPEG header with a broken body', async () => {
      const svg = new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'));
      expect((await refusal(svg, 'logo.png')).kind).toBe('invalid');
      const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('not really a jpeg')]);
      expect((await refusal(broken, 'broken.jpg')).message).toBe(NOT_AN_IMAGE);
      expect(storedFiles()).toEqual([]);
      expect(await catalogue.count('media')).toBe(0);
    });

    it('refuses an empty file', async () => {
      const error = await refusal(new Uint8Array(), 'empty.png');
      expect([error.kind, error.message]).toEqual(['invalid', NO_VALID_IMAGE]);
    });

    it('accepts exactly 20971520 bytes and refuses one byte more', async () => {
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
        .jpeg()
        .toBuffer();
      // Bytes after the end-of-image marker are ignored by the decoder, so only the size differs.
      const atLimit = Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES - jpeg.length)]);
      expect(atLimit.length).toBe(20_971_520);
      await expect(media.store(atLimit, 'at-limit.jpg')).resolves.toMatchObject({ width: 8, height: 8 });

      const overLimit = Buffer.concat([atLimit, Buffer.alloc(1)]);
      const error = await refusal(overLimit, 'over-limit.jpg');
      expect([error.kind, error.message]).toEqual(['invalid', NO_VALID_IMAGE]);
      expect(storedFiles()).toHaveLength(1);
      expect(await catalogue.count('media')).toBe(1);
    });
  });

  describe('read', () => {
    it('gives null for names that try to leave the media folder', async () => {
      await media.store(await redPng(), 'card.png');
      for (const name of ['../shop.db', 'x/../../y', '..', '', '/etc/passwd', 'media/../shop.db']) {
        expect(await media.read(name), name).toBeNull();
      }
    });

    it('gives null for a well-formed name that was never stored', async () => {
      expect(await media.read('1700000000000-abcdef-card.png')).toBeNull();
    });

    it('gives null when the stored file has gone from disk', async () => {
      const stored = await media.store(await redPng(), 'card.png');
      const name = stored.url.slice('/media/'.length);
      fs.rmSync(path.join(mediaDir, name));
      expect(await media.read(name)).toBeNull();
    });
  });

  describe('purgeUnused', () => {
    it('deletes uploads no product uses once they are old enough, with their variants, and keeps the rest', async () => {
      const used = await media.store(await redPng(), 'used.png');
      const unused = await media.store(await redPng(), 'unused.png');
      const fresh = await media.store(await redPng(), 'fresh.png');
      await catalogue.commerce.createProduct({
        title: 'A card with an image',
        tags: ['Olympiacos'],
        priceCents: 500,
        quantity: 1,
        mediaIds: [used.id],
      });
      const name = (url: string) => url.replace('/media/', '');
      expect(await media.readVariant(name(unused.url), 320)).not.toBeNull();
      const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
      await catalogue.store.db
        .updateTable('media')
        .set({ created_at: dayAgo })
        .where('file_name', '<>', name(fresh.url))
        .execute();

      expect(await media.purgeUnused(new Date(Date.now() - 24 * 3_600_000))).toBe(1);
      expect(await media.read(name(unused.url))).toBeNull();
      expect(storedFiles()).not.toContain(name(unused.url));
      expect(fs.existsSync(path.join(mediaDir, 'w320', `${name(unused.url)}.webp`))).toBe(false);
      expect(await media.read(name(used.url))).not.toBeNull();
      expect(await media.read(name(fresh.url))).not.toBeNull();
      expect(await catalogue.count('media')).toBe(2);
    });
  });
});
