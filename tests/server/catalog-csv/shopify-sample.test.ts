import fs from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_INPUT_MESSAGES } from '../../../src/domain/catalog/product.ts';
import { IMPORT_MESSAGES } from '../../../src/domain/catalog-csv/plan.ts';
import { REMOTE_IMAGE_MESSAGES } from '../../../src/domain/catalog-csv/remote-images.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { MAX_UPLOAD_BYTES } from '../../../src/domain/media/image-files.ts';
import {
  type CatalogImportSeams,
  commitCatalogImport,
  exportCatalog,
  planCatalogImport,
  runQueuedCatalogImports,
} from '../../../src/server/catalog-csv/catalog-import.ts';
import { internetNetwork } from '../../../src/server/catalog-csv/image-network.ts';
import { importJob } from '../../../src/server/catalog-csv/import-jobs.ts';
import type { Container } from '../../../src/server/container.ts';
import { type CdnRoute, type ImageCdn, PUBLIC_ADDRESS, startImageCdn } from '../../doubles/image-cdn.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

const ORIGIN = 'https://shop.example';
const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../fixtures/shopify-csv/${name}`, import.meta.url), 'utf8');
/** Shopify's sample file, its picture on cdn.shopify.com. */
const SAMPLE = fixture('product_template.csv');
/** The sample file Shopify offers today: pictures on burst.shopifycdn.com, a draft, an archived product. */
const CURRENT_SAMPLE = fixture('product_template-current.csv');
const SHIRT = 'cdn.shopify.com/s/images/shopify_shirt.png?e6948ca4d9028f9e734b8202cc472e3b89aae0f3';

const shops: TempShop[] = [];
const cdns: ImageCdn[] = [];
afterEach(async () => {
  for (const shop of shops.splice(0)) shop.remove();
  for (const cdn of cdns.splice(0)) await cdn.close();
});
function open(): Container {
  const shop = openTempShop();
  shops.push(shop);
  return shop.container;
}
async function cdn(routes: Record<string, CdnRoute>, dns: Parameters<typeof startImageCdn>[1] = {}) {
  const started = await startImageCdn(routes, { 'cdn.shopify.com': [PUBLIC_ADDRESS], ...dns });
  cdns.push(started);
  return started;
}
const png = (background: string) =>
  sharp({ create: { width: 40, height: 56, channels: 3, background } })
    .png()
    .toBuffer();

/** Commits a file and runs its job through the seam, as the main process runs it. */
async function importFile(container: Container, text: string, seams: CatalogImportSeams) {
  const queued = await commitCatalogImport(container, text, ORIGIN);
  await runQueuedCatalogImports(container, seams);
  const job = await importJob(container, queued.id);
  if (job?.state !== 'done') throw new Error(job?.error ?? `the import is ${job?.state}`);
  return { queued, job };
}

async function setImageHosts(container: Container, imageHosts: string[]) {
  await container.settings.save({ ...(await container.settings.get()), csv: { imageHosts } });
}

describe('moving from Shopify keeps prices and pictures (issue 33)', () => {
  it('Shopify’s sample file: the dry run fetches nothing; the import stores its picture, its type and its price', async () => {
    const shop = open();
    const picture = await png('#2f855a');
    const double = await cdn({ [SHIRT]: { body: picture, headers: { 'content-type': 'image/png' } } });
    const dialled = vi.spyOn(internetNetwork, 'get');
    const resolved = vi.spyOn(internetNetwork, 'resolve');

    const plan = await planCatalogImport(shop, SAMPLE, ORIGIN);
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 1, update: 0, skip: 0, errors: 0 });
    expect(plan.remoteImages).toBe(1);
    expect(plan.notices.filter((notice) => notice.line > 1).map((notice) => notice.line)).toEqual([3, 4]);
    expect(double.gets).toEqual([]);

    const progress = vi.spyOn(shop.importJobs, 'progress');
    const { queued, job } = await importFile(shop, SAMPLE, { imageNetwork: double.network });
    expect(queued).toMatchObject({ total: 2, images: 1 });
    // The image first, then the product.
    expect(progress.mock.calls.map(([, done]) => done)).toEqual([1, 2]);
    expect(job.result).toEqual({ created: 1, updated: 0, images: { fetched: 1, failed: [] } });
    expect(double.gets).toEqual([{ url: `https://${SHIRT}`, address: PUBLIC_ADDRESS }]);
    expect(dialled).not.toHaveBeenCalled();
    expect(resolved).not.toHaveBeenCalled();

    const [product] = await shop.commerce.listProducts();
    expect(product).toMatchObject({
      handle: 'example-t-shirt',
      title: 'Example T-Shirt',
      productType: 'Shirts',
      tags: ['mens t-shirt example'],
      priceCents: 2500,
      compareAtCents: null,
    });
    // Stored through the media port as an upload is: re-encoded, under a generated name.
    expect(product?.images).toHaveLength(1);
    const name = product?.images[0]?.url.replace('/media/', '') ?? '';
    expect(name).toMatch(/^\d{13}-[a-z0-9]{6}-shopify_shirt\.png$/);
    const stored = await shop.media.read(name);
    expect(stored?.contentType).toBe('image/png');
    expect(await sharp(stored?.bytes).metadata()).toMatchObject({ width: 40, height: 56 });

    // The same file again: the product has its picture, so nothing is fetched and nothing changes.
    const again = await planCatalogImport(shop, SAMPLE, ORIGIN);
    expect(again.counts).toEqual({ create: 0, update: 0, skip: 1, errors: 0 });
    expect(again.remoteImages).toBe(0);
    expect(again.notices).toContainEqual({
      line: 2,
      field: 'Image Src',
      message: IMPORT_MESSAGES.keptImages,
    });
    dialled.mockRestore();
    resolved.mockRestore();
  });

  it('the sample with a compare-at price on its product: imported, exported and imported again the same', async () => {
    const source = open();
    const double = await cdn({ [SHIRT]: { body: await png('#123456') } });
    const withOffer = SAMPLE.replace(',deny,manual,25,,TRUE,', ',deny,manual,25,30.00,TRUE,');
    expect(withOffer).not.toBe(SAMPLE);
    await importFile(source, withOffer, { imageNetwork: double.network });
    const [product] = await source.commerce.listProducts();
    expect(product).toMatchObject({ productType: 'Shirts', priceCents: 2500, compareAtCents: 3000 });

    // Exported by the old shop's address: its picture is on the old shop's media, which the new
    // shop neither has nor fetches (not on the hosts' list).
    const exported = await exportCatalog(source, undefined, 'https://old-shop.example');
    expect(exported).toContain(
      ',Shirts,mens t-shirt example,TRUE,25.00,30.00,0,https://old-shop.example/media/',
    );
    const target = open();
    const { job } = await importFile(target, exported, { imageNetwork: double.network });
    expect(job.result).toEqual({ created: 1, updated: 0 });
    expect(await target.commerce.listProducts()).toEqual([
      expect.objectContaining({ productType: 'Shirts', priceCents: 2500, compareAtCents: 3000, images: [] }),
    ]);
  });

  it('a compare-at price not above the price is a row error in Greek; the commit writes nothing', async () => {
    const shop = open();
    const bad = SAMPLE.replace(',deny,manual,25,,TRUE,', ',deny,manual,25,25,TRUE,');
    const plan = await planCatalogImport(shop, bad, ORIGIN);
    expect(plan.errors).toEqual([
      { line: 2, field: 'Variant Compare At Price', message: PRODUCT_INPUT_MESSAGES.compareAtNotAbove },
    ]);
    await expect(commitCatalogImport(shop, bad, ORIGIN)).rejects.toBeInstanceOf(AppError);
    expect(await shop.commerce.listProducts()).toEqual([]);
  });

  it('the sample Shopify offers today: 0 errors; its burst.shopifycdn.com pictures come once the owner lists the host', async () => {
    const shop = open();
    const plan = await planCatalogImport(shop, CURRENT_SAMPLE, ORIGIN);
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 1, update: 0, skip: 0, errors: 0 });
    expect(plan.remoteImages).toBe(0);
    const offList = plan.notices.filter((notice) => notice.field === 'Image Src');
    expect(offList.map((notice) => notice.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(offList[0]?.message).toBe(
      IMPORT_MESSAGES.foreignImage(
        'https://burst.shopifycdn.com/photos/tshirts.jpg?width=1500',
        REMOTE_IMAGE_MESSAGES.hostNotAllowed('burst.shopifycdn.com'),
      ),
    );

    await setImageHosts(shop, ['cdn.shopify.com', 'burst.shopifycdn.com']);
    const listed = await planCatalogImport(shop, CURRENT_SAMPLE, ORIGIN);
    expect(listed.remoteImages).toBe(6);
    const photos = [
      'tshirts',
      'blank-colored-t-shirts',
      'green-t-shirt',
      'cobalt-blue-t-shirt',
      'grey-t-shirt',
      'purple-t-shirt',
    ];
    const routes: Record<string, CdnRoute> = {};
    for (const [index, photo] of photos.entries())
      routes[`burst.shopifycdn.com/photos/${photo}.jpg?width=1500`] = {
        body: await sharp({ create: { width: 30 + index, height: 40, channels: 3, background: '#777' } })
          .jpeg()
          .toBuffer(),
      };
    const double = await cdn(routes, { 'burst.shopifycdn.com': [PUBLIC_ADDRESS] });
    const { job } = await importFile(shop, CURRENT_SAMPLE, { imageNetwork: double.network });
    expect(job.result).toEqual({ created: 1, updated: 0, images: { fetched: 6, failed: [] } });
    const [shirt] = await shop.commerce.listProducts();
    expect(shirt).toMatchObject({ handle: 'example-shirt', productType: 'Shirts', priceCents: 2500 });
    expect(shirt?.images.map((image) => image.width)).toEqual([30, 31, 32, 33, 34, 35]);
  });

  it('a failed image is reported with its row and reason; its product is imported without it, and the rest go on', async () => {
    const shop = open();
    await setImageHosts(shop, ['cdn.shopify.com', 'images.example']);
    const good = await png('#aa3344');
    const double = await cdn(
      {
        'cdn.shopify.com/good.png': { body: good },
        'cdn.shopify.com/page.png': { body: '<!doctype html><title>not an image</title>' },
        'cdn.shopify.com/huge.png': { body: new Uint8Array(MAX_UPLOAD_BYTES + 1) },
        'cdn.shopify.com/moved.png': {
          status: 302,
          headers: { location: 'https://images.example/card.png' },
        },
      },
      { 'images.example': ['10.1.2.3'] },
    );
    const header = 'Handle,Title,Type,Variant Price,Variant Compare At Price,Image Src,Image Position';
    const rows = [
      'good,Good,Card,1.00,2.00,https://cdn.shopify.com/good.png,1',
      'twice,Twice,LOT,3.00,,https://cdn.shopify.com/good.png,1',
      'page,Page,Card,1.00,,https://cdn.shopify.com/page.png,1',
      'huge,Huge,Card,1.00,,https://cdn.shopify.com/huge.png,1',
      'gone,Gone,Card,1.00,,https://cdn.shopify.com/gone.png,1',
      'moved,Moved,Card,1.00,,https://cdn.shopify.com/moved.png,1',
      'inner,Inner,Mystery Pack,1.00,,https://images.example/card.png,1',
      'elsewhere,Elsewhere,Card,1.00,,https://evil.example/card.png,1',
      'moved,,,,,https://cdn.shopify.com/good.png,2',
    ];
    const file = [header, ...rows].join('\r\n');
    const plan = await planCatalogImport(shop, file, ORIGIN);
    expect(plan.errors).toEqual([]);
    expect(plan.remoteImages).toBe(6);
    expect(plan.notices).toEqual([
      {
        line: 9,
        field: 'Image Src',
        message: IMPORT_MESSAGES.foreignImage(
          'https://evil.example/card.png',
          REMOTE_IMAGE_MESSAGES.hostNotAllowed('evil.example'),
        ),
      },
    ]);

    const { job } = await importFile(shop, file, { imageNetwork: double.network });
    expect(job.result?.created).toBe(8);
    expect(job.result?.images).toEqual({
      fetched: 1,
      failed: [
        { line: 4, url: 'https://cdn.shopify.com/page.png', message: REMOTE_IMAGE_MESSAGES.notImage },
        { line: 5, url: 'https://cdn.shopify.com/huge.png', message: REMOTE_IMAGE_MESSAGES.tooLarge },
        { line: 6, url: 'https://cdn.shopify.com/gone.png', message: REMOTE_IMAGE_MESSAGES.status(404) },
        {
          line: 7,
          url: 'https://cdn.shopify.com/moved.png',
          message: REMOTE_IMAGE_MESSAGES.privateAddress('images.example'),
        },
        {
          line: 8,
          url: 'https://images.example/card.png',
          message: REMOTE_IMAGE_MESSAGES.privateAddress('images.example'),
        },
      ],
    });
    for (const failure of job.result?.images?.failed ?? [])
      expect(failure.message).toMatch(/[\u0370-\u03ff]/);
    // Each URL fetched once; no connection ever went to the private address.
    expect(double.gets.filter((get) => get.url === 'https://cdn.shopify.com/good.png')).toHaveLength(1);
    expect(double.gets.every((get) => get.address === PUBLIC_ADDRESS)).toBe(true);

    const products = new Map(
      (await shop.commerce.listProducts()).map((product) => [product.handle, product]),
    );
    expect(products.get('good')).toMatchObject({ compareAtCents: 200, productType: 'Card' });
    expect(products.get('good')?.images).toHaveLength(1);
    expect(products.get('twice')?.images.map((image) => image.id)).toEqual(
      products.get('good')?.images.map((image) => image.id),
    );
    expect(products.get('moved')?.images).toHaveLength(1);
    expect(products.get('inner')).toMatchObject({ productType: 'Mystery Pack', images: [] });
    for (const handle of ['page', 'huge', 'gone', 'elsewhere'])
      expect(products.get(handle)?.images).toEqual([]);

    // Importing the same file again tries the failed images again, for the products still without one.
    const again = await planCatalogImport(shop, file, ORIGIN);
    expect(again.remoteImages).toBe(4);
    expect(again.counts).toMatchObject({ create: 0, update: 4, skip: 4 });
  });
});
