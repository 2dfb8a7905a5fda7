import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductInput } from '../../src/domain/catalog/product.ts';
import type { CommercePort } from '../../src/ports/commerce.ts';
import type { MediaPort } from '../../src/ports/media.ts';
import type { TestCatalogue } from '../helpers/catalogue.ts';
import { rejection } from '../helpers/rejection.ts';

/**
 * The media port, with the commerce port that puts its images on products, written once and run
 * against the embedded engine (files under the data folder) and Shopify (staged uploads on the
 * double, then media on the product through the Admin API).
 *
 * Where the backends differ, it is said here and only here:
 * - a stored image's `url`: the engine serves it at once (/media/...); Shopify shows an upload only
 *   once it is on a product, so `url` is empty until then (traits.urlBeforeAttach).
 * - `readImage` fetches a product image's URL the way a browser would: from the engine's media
 *   route, or from Shopify's CDN.
 */
export type MediaHarness = {
  media: MediaPort;
  commerce: CommercePort;
  /** The bytes a browser gets for a product image's URL; null when nothing is served there. */
  readImage(url: string): Promise<Uint8Array | null>;
  close(): Promise<void>;
};
export type MediaTraits = { urlBeforeAttach: boolean };

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const product = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  title: 'Luka Doncic Prizm #77',
  tags: ['Dallas Mavericks'],
  productType: 'Card',
  priceCents: 2500,
  quantity: 1,
  ...overrides,
});

export function mediaContract(name: string, open: () => Promise<MediaHarness>, traits: MediaTraits) {
  describe(`media port contract: ${name}`, () => {
    let harness: MediaHarness;
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(() => harness.close());

    /** The colour of an image's top-left pixel, to tell images apart after they travelled. */
    async function colourAt(url: string): Promise<string> {
      const bytes = await harness.readImage(url);
      if (!bytes) throw new Error(`nothing is served at ${url}`);
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      return [data[0], data[1], data[2]].map((value) => ((value ?? 0) > 127 ? 'f' : '0')).join('');
    }

    it('stores a checked, re-encoded image and tells its size and type', async () => {
      const stored = await harness.media.store(await png(40, 30, '#ff0000'), 'front.png');
      expect(stored.id).not.toBe('');
      expect(stored).toMatchObject({ width: 40, height: 30, contentType: 'image/png' });
      if (traits.urlBeforeAttach) expect(await colourAt(stored.url)).toBe('f00');
      else expect(stored.url).toBe('');
    });

    it('tells whether read() would find a file by a name, without reading it', async () => {
      const stored = await harness.media.store(await png(20, 20, '#00ff00'), 'back.png');
      const name = stored.url.split('/').pop() ?? '';
      // The engine keeps the file under the name in its URL; Shopify keeps no file of the shop's own.
      if (traits.urlBeforeAttach) expect(await harness.media.exists(name)).toBe(true);
      for (const asked of [name, '1732000000000-a1b2c3-missing.png', '../shop.db', 'back.png', '']) {
        const found = (await harness.media.read(asked)) !== null;
        expect({ asked, exists: await harness.media.exists(asked) }).toEqual({ asked, exists: found });
      }
    });

    it('refuses what is not an image by its bytes, an empty file and more than 20 MB, with the Greek messages', async () => {
      const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj');
      expect(await rejection(harness.media.store(pdf, 'card.jpg'))).toMatchObject({
        kind: 'invalid',
        message: 'Παρακαλώ επιλέξτε εικόνες (JPG, PNG κλπ).',
      });
      expect(await rejection(harness.media.store(new Uint8Array(0), 'empty.png'))).toMatchObject({
        kind: 'invalid',
        message: 'Καμία έγκυρη εικόνα δεν ανέβηκε.',
      });
      expect(await rejection(harness.media.store(new Uint8Array(20_971_521), 'huge.png'))).toMatchObject({
        kind: 'invalid',
      });
    });

    it('a product shows its images in the given order, served where its URLs say', async () => {
      const red = await harness.media.store(await png(20, 20, '#ff0000'), 'red.png');
      const blue = await harness.media.store(await png(20, 20, '#0000ff'), 'blue.png');
      const { product: made, warnings } = await harness.commerce.createProduct(
        product({ mediaIds: [blue.id, red.id] }),
      );
      expect(warnings).toEqual([]);
      expect(made.images).toHaveLength(2);
      expect(made.images.map((image) => image.alt)).toEqual([made.title, made.title]);
      expect(await Promise.all(made.images.map((image) => colourAt(image.url)))).toEqual(['00f', 'f00']);
      const read = await harness.commerce.getProduct(made.id);
      expect(read?.images.map((image) => image.url)).toEqual(made.images.map((image) => image.url));
    });

    it('an edit reorders, removes and adds images', async () => {
      const red = await harness.media.store(await png(20, 20, '#ff0000'), 'red.png');
      const blue = await harness.media.store(await png(20, 20, '#0000ff'), 'blue.png');
      const { product: made } = await harness.commerce.createProduct(
        product({ mediaIds: [red.id, blue.id] }),
      );
      const [redImage, blueImage] = made.images.map((image) => image.id);

      const swapped = await harness.commerce.updateProduct(
        made.id,
        product({ mediaIds: [blueImage ?? '', redImage ?? ''] }),
      );
      expect(swapped.warnings).toEqual([]);
      expect(await Promise.all(swapped.product.images.map((image) => colourAt(image.url)))).toEqual([
        '00f',
        'f00',
      ]);

      const green = await harness.media.store(await png(20, 20, '#00ff00'), 'green.png');
      const changed = await harness.commerce.updateProduct(
        made.id,
        product({ mediaIds: [green.id, redImage ?? ''] }),
      );
      expect(changed.warnings).toEqual([]);
      expect(await Promise.all(changed.product.images.map((image) => colourAt(image.url)))).toEqual([
        '0f0',
        'f00',
      ]);
      const read = await harness.commerce.getProduct(made.id);
      expect(read?.images.map((image) => image.id)).toEqual(changed.product.images.map((image) => image.id));

      const cleared = await harness.commerce.updateProduct(made.id, product({ mediaIds: [] }));
      expect(cleared.product.images).toEqual([]);
    });

    it('refuses the same image twice on one product', async () => {
      const red = await harness.media.store(await png(8, 8, '#ff0000'), 'red.png');
      expect(
        (await rejection(harness.commerce.createProduct(product({ mediaIds: [red.id, red.id] })))).kind,
      ).toBe('invalid');
      expect(await harness.commerce.listProducts()).toEqual([]);
    });
  });
}

/** The embedded engine's harness, on either database: the files in a data folder of its own. */
export async function engineMediaHarness(open: () => Promise<TestCatalogue>): Promise<MediaHarness> {
  const { media, commerce, close } = await open();
  return {
    media,
    commerce,
    async readImage(url) {
      const name = /^\/media\/([^/?#]+)$/.exec(url)?.[1];
      return name ? ((await media.read(name))?.bytes ?? null) : null;
    },
    close,
  };
}
