import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.ts';
import type { StoredMedia } from '../../src/domain/media/stored-media.ts';
import { countRows, openTempShop, type TempShop } from '../helpers/temp-shop.ts';

/**
 * Hostile uploads through the media port the dashboard's upload endpoint uses: every one is either
 * refused with nothing stored, or stored re-encoded under a generated name inside <data>/media.
 */
const NOT_AN_IMAGE = 'Παρακαλώ επιλέξτε εικόνες (JPG, PNG κλπ).';
const NO_VALID_IMAGE = 'Καμία έγκυρη εικόνα δεν ανέβηκε.';
const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';

let shop: TempShop;
let mediaDir: string;

beforeEach(() => {
  shop = openTempShop();
  mediaDir = path.join(shop.dir, 'media');
});

afterEach(() => {
  shop.remove();
});

/** Every file under the data folder other than the database and <data>/media/*. */
function filesOutsideMedia(): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== mediaDir) visit(full);
      } else if (!(dir === shop.dir && entry.name.startsWith('shop.db'))) {
        found.push(path.relative(shop.dir, full));
      }
    }
  };
  visit(shop.dir);
  return found;
}

const mediaFiles = () => (fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir) : []);
const storedBytes = (media: StoredMedia) =>
  fs.readFileSync(path.join(mediaDir, media.url.slice('/media/'.length)));

async function refusal(bytes: Uint8Array, name: string): Promise<AppError> {
  try {
    await shop.container.media.store(bytes, name);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error(`store accepted ${name}`);
}

function expectNothingStored() {
  expect(mediaFiles()).toEqual([]);
  expect(filesOutsideMedia()).toEqual([]);
  expect(countRows(shop.container, 'media')).toBe(0);
}

const solid = (format: 'jpeg' | 'png' | 'gif', background = '#c00') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

describe('refused uploads store nothing', () => {
  it('refuses a PDF renamed .jpg', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer\n%%EOF\n');
    const error = await refusal(pdf, 'invoice.jpg');
    expect([error.kind, error.message]).toEqual(['invalid', NOT_AN_IMAGE]);
    expectNothingStored();
  });

  it('refuses a JPEG header followed by HTML and script', async () => {
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT)]);
    const error = await refusal(polyglot, 'card.jpg');
    expect([error.kind, error.message]).toEqual(['invalid', NOT_AN_IMAGE]);
    expectNothingStored();
  });

  it('refuses a GIF header that is really JavaScript', async () => {
    const polyglot = Buffer.from('GIF89a=1;alert(document.domain);//');
    const error = await refusal(polyglot, 'card.gif');
    expect([error.kind, error.message]).toEqual(['invalid', NOT_AN_IMAGE]);
    expectNothingStored();
  });

  it('refuses a 25 MB file', async () => {
    const jpeg = await solid('jpeg');
    const huge = Buffer.concat([jpeg, Buffer.alloc(25 * 1024 * 1024 - jpeg.length)]);
    expect(huge.length).toBe(26_214_400);
    const error = await refusal(huge, 'huge.jpg');
    expect([error.kind, error.message]).toEqual(['invalid', NO_VALID_IMAGE]);
    expectNothingStored();
  });
});

describe('stored uploads are neutralised', () => {
  it('strips HTML and script appended to a real JPEG', async () => {
    const polyglot = Buffer.concat([await solid('jpeg'), Buffer.from(SCRIPT)]);
    const stored = await shop.container.media.store(polyglot, 'card.html');
    expect(stored.contentType).toBe('image/jpeg');
    expect(stored.url).toMatch(/^\/media\/\d{13}-[a-z0-9]{6}-card\.jpg$/);
    const bytes = storedBytes(stored);
    expect(bytes.includes('<script')).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(filesOutsideMedia()).toEqual([]);
  });

  it('strips script hidden in a JPEG comment segment', async () => {
    const jpeg = await solid('jpeg');
    const comment = Buffer.from(SCRIPT);
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
    const stored = await shop.container.media.store(polyglot, 'card.jpg');
    expect(storedBytes(stored).includes('<script')).toBe(false);
  });

  it('turns a GIF with JavaScript after its trailer into a clean PNG', async () => {
    const polyglot = Buffer.concat([await solid('gif'), Buffer.from(';alert(document.domain);//')]);
    const stored = await shop.container.media.store(polyglot, 'card.gif');
    expect(stored.contentType).toBe('image/png');
    expect(stored.url).toMatch(/-card\.png$/);
    expect(storedBytes(stored).includes('alert')).toBe(false);
  });

  it('keeps a name with ../ inside <data>/media', async () => {
    const png = await solid('png');
    for (const name of ['../../../etc/evil.png', '..\\..\\evil.png', '../shop.db', '%2e%2e%2fevil.png']) {
      const stored = await shop.container.media.store(png, name);
      expect(stored.url, name).toMatch(/^\/media\/\d{13}-[a-z0-9]{6}-[A-Za-z0-9_-]+\.png$/);
      expect(stored.url).not.toContain('..');
    }
    expect(mediaFiles()).toHaveLength(4);
    expect(filesOutsideMedia()).toEqual([]);
    expect(fs.existsSync(path.join(path.dirname(shop.dir), 'evil.png'))).toBe(false);
  });
});

describe('valid images are stored re-encoded without EXIF', () => {
  it('stores a JPEG', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .jpeg({ quality: 100 })
      .withExif({ IFD0: { Copyright: 'secret-jpeg', Make: 'Camera' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const stored = await shop.container.media.store(jpeg, 'front.jpg');
    expect(stored).toMatchObject({ width: 40, height: 30, contentType: 'image/jpeg' });
    const bytes = storedBytes(stored);
    expect(bytes.equals(jpeg)).toBe(false);
    expect(bytes.includes('secret-jpeg')).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.exif]).toEqual(['jpeg', undefined]);
    expect(countRows(shop.container, 'media')).toBe(1);
  });

  it('stores a PNG', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00c' } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret-png' } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();

    const stored = await shop.container.media.store(png, 'back.png');
    expect(stored).toMatchObject({ width: 40, height: 30, contentType: 'image/png' });
    const bytes = storedBytes(stored);
    expect(bytes.equals(png)).toBe(false);
    expect(bytes.includes('secret-png')).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.exif]).toEqual(['png', undefined]);
    expect(filesOutsideMedia()).toEqual([]);
  });
});
