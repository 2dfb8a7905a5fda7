// Writes, transactions and SQLite invariants of the embedded engine; the reads every adapter shares
// are in tests/contract/commerce.contract.ts.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ProductInput, productSchema } from '../../src/ports/commerce.ts';
import { AppError } from '../../src/ports/errors.ts';
import type { Container } from '../../src/server/container.ts';
import { countRows, openTempShop, type TempShop } from '../helpers/temp-shop.ts';

const CATALOGUE_TABLES = ['products', 'variants', 'inventory_items', 'inventory_levels', 'product_tags'];

function input(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    title: '2024-25 Panini Prizm Jayson Tatum #1',
    descriptionHtml: '<p>Near <strong>mint</strong> &amp; sleeved</p>',
    tags: ['Boston Celtics', 'offer'],
    productType: 'Card',
    priceCents: 1250,
    quantity: 3,
    ...overrides,
  };
}

function counts(container: Container): Record<string, number> {
  return Object.fromEntries(CATALOGUE_TABLES.map((table) => [table, countRows(container, table)]));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

let shop: TempShop;
let commerce: Container['commerce'];

beforeEach(() => {
  shop = openTempShop();
  commerce = shop.container.commerce;
});

afterEach(() => {
  shop.remove();
});

describe('createProduct', () => {
  it('returns the product with gid ids, price, stock and tags', async () => {
    const { product, warnings } = await commerce.createProduct(input());
    expect(warnings).toEqual([]);
    expect(productSchema.parse(product)).toEqual(product);
    expect(product.id).toMatch(/^gid:\/\/shop\/Product\/\d+$/);
    expect(product.variantId).toMatch(/^gid:\/\/shop\/ProductVariant\/\d+$/);
    expect(product.inventoryItemId).toMatch(/^gid:\/\/shop\/InventoryItem\/\d+$/);
    expect(product).toMatchObject({
      title: '2024-25 Panini Prizm Jayson Tatum #1',
      descriptionHtml: '<p>Near <strong>mint</strong> &amp; sleeved</p>',
      description: 'Near mint & sleeved',
      tags: ['Boston Celtics', 'offer'],
      productType: 'Card',
      priceCents: 1250,
      available: 3,
      images: [],
    });
    expect(Number.isNaN(Date.parse(product.createdAt))).toBe(false);
  });

  it('trims the title and defaults the optional fields', async () => {
    const { product } = await commerce.createProduct({ title: '  Plain card  ', priceCents: 0, quantity: 0 });
    expect(product).toMatchObject({
      title: 'Plain card',
      description: '',
      descriptionHtml: '',
      tags: [],
      productType: '',
      priceCents: 0,
      available: 0,
    });
  });

  it('attaches stored media in order, with the title as alt text', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const first = await shop.container.media.store(png, 'front.png');
    const second = await shop.container.media.store(png, 'back.png');
    const { product } = await commerce.createProduct(input({ mediaIds: [second.id, first.id] }));
    expect(product.images).toEqual([
      { id: second.id, url: second.url, alt: product.title, width: 40, height: 30 },
      { id: first.id, url: first.url, alt: product.title, width: 40, height: 30 },
    ]);
  });
});

describe('updateProduct', () => {
  it('replaces title, description, price, stock and tags, keeping the ids', async () => {
    const { product: before } = await commerce.createProduct(input());
    const { product: after } = await commerce.updateProduct(before.id, {
      title: 'Renamed card',
      descriptionHtml: '<p>Corner wear</p>',
      tags: ['Miami Heat'],
      productType: 'LOT',
      priceCents: 999,
      quantity: 0,
    });
    expect(after).toMatchObject({
      id: before.id,
      variantId: before.variantId,
      inventoryItemId: before.inventoryItemId,
      title: 'Renamed card',
      description: 'Corner wear',
      tags: ['Miami Heat'],
      productType: 'LOT',
      priceCents: 999,
      available: 0,
      createdAt: before.createdAt,
    });
    expect(await commerce.getProduct(before.id)).toEqual(after);
    expect(countRows(shop.container, 'product_tags')).toBe(1);
    expect(countRows(shop.container, 'variants')).toBe(1);
  });

  it('refuses an unknown product id with not_found and a malformed one with invalid', async () => {
    await expect(commerce.updateProduct('gid://shop/Product/404', input())).rejects.toMatchObject({
      name: 'AppError',
      kind: 'not_found',
    });
    await expect(commerce.updateProduct('gid://shop/ProductVariant/1', input())).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('leaves the product unchanged when the new input is invalid', async () => {
    const { product } = await commerce.createProduct(input());
    await expect(commerce.updateProduct(product.id, input({ priceCents: -1 }))).rejects.toMatchObject({
      kind: 'invalid',
      fields: { priceCents: expect.any(String) },
    });
    await expect(commerce.updateProduct(product.id, input({ title: '' }))).rejects.toThrow();
    expect(await commerce.getProduct(product.id)).toEqual(product);
  });

  it('rolls the whole update back when a media id is unknown', async () => {
    const { product } = await commerce.createProduct(input());
    const version = await commerce.version();
    const error = await rejection(
      commerce.updateProduct(
        product.id,
        input({
          title: 'Changed',
          tags: ['Other'],
          priceCents: 5,
          quantity: 9,
          mediaIds: ['gid://shop/MediaImage/77'],
        }),
      ),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'invalid' });
    expect(await commerce.getProduct(product.id)).toEqual(product);
    expect(await commerce.version()).toBe(version);
  });
});

describe('deleteProduct', () => {
  it('removes the product with its variant, inventory and tags', async () => {
    const { product } = await commerce.createProduct(input());
    const { product: kept } = await commerce.createProduct(input({ title: 'Kept' }));
    await commerce.deleteProduct(product.id);
    expect(await commerce.getProduct(product.id)).toBeNull();
    expect(await commerce.getProduct(product.variantId)).toBeNull();
    expect(await commerce.listProducts()).toEqual([kept]);
    expect(counts(shop.container)).toEqual({
      products: 1,
      variants: 1,
      inventory_items: 1,
      inventory_levels: 1,
      product_tags: 2,
    });
  });

  it('refuses an unknown id with an AppError of kind not_found', async () => {
    const error = await rejection(commerce.deleteProduct('gid://shop/Product/12345'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'not_found' });
  });

  it('refuses a second delete of the same product', async () => {
    const { product } = await commerce.createProduct(input());
    await commerce.deleteProduct(product.id);
    await expect(commerce.deleteProduct(product.id)).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('invalid input', () => {
  it('throws and writes nothing', async () => {
    const bad: ProductInput[] = [
      input({ priceCents: -1 }),
      input({ priceCents: 12.5 }),
      input({ title: '' }),
      input({ title: '   ' }),
      input({ title: 'x'.repeat(251) }),
      input({ quantity: -1 }),
      input({ tags: [''] }),
      input({ mediaIds: Array.from({ length: 11 }, (_, i) => `gid://shop/MediaImage/${i + 1}`) }),
    ];
    const version = await commerce.version();
    for (const product of bad) {
      await expect(commerce.createProduct(product), JSON.stringify(product).slice(0, 80)).rejects.toThrow();
    }
    expect(counts(shop.container)).toEqual({
      products: 0,
      variants: 0,
      inventory_items: 0,
      inventory_levels: 0,
      product_tags: 0,
    });
    expect(await commerce.version()).toBe(version);
  });

  it('refuses an unknown media id with AppError invalid and leaves no rows behind', async () => {
    await commerce.createProduct(input({ title: 'Existing' }));
    const before = counts(shop.container);
    const version = await commerce.version();
    for (const mediaIds of [['gid://shop/MediaImage/999'], ['not-a-gid']]) {
      const error = await rejection(commerce.createProduct(input({ mediaIds })));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ kind: 'invalid' });
    }
    expect(counts(shop.container)).toEqual(before);
    expect(
      shop.container.engine.sqlite.prepare('select count(*) as n from variants').get() as { n: number },
    ).toEqual({ n: 1 });
    expect(await commerce.version()).toBe(version);
    expect((await commerce.listProducts()).map((product) => product.title)).toEqual(['Existing']);
  });

  it('refuses the same media id twice', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const media = await shop.container.media.store(png, 'a.png');
    await expect(commerce.createProduct(input({ mediaIds: [media.id, media.id] }))).rejects.toMatchObject({
      kind: 'invalid',
    });
    expect(countRows(shop.container, 'products')).toBe(0);
  });
});

describe('version', () => {
  it('grows after every write and not after reads', async () => {
    const v0 = await commerce.version();
    const { product } = await commerce.createProduct(input());
    const v1 = await commerce.version();
    expect(v1).toBeGreaterThan(v0);

    await commerce.listProducts();
    await commerce.getProduct(product.id);
    expect(await commerce.version()).toBe(v1);

    await commerce.updateProduct(product.id, input({ priceCents: 2000 }));
    const v2 = await commerce.version();
    expect(v2).toBeGreaterThan(v1);

    await commerce.deleteProduct(product.id);
    expect(await commerce.version()).toBeGreaterThan(v2);
  });
});

describe('stock', () => {
  it('can never go negative, even by direct SQL', async () => {
    await commerce.createProduct(input({ quantity: 1 }));
    expect(() =>
      shop.container.engine.sqlite.prepare('UPDATE inventory_levels SET available = -1').run(),
    ).toThrow(/CHECK constraint failed/);
    expect((await commerce.listProducts())[0]?.available).toBe(1);
  });
});
