import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductInput } from '../../src/domain/catalog/product.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { CommercePort } from '../../src/ports/commerce.ts';
import { input } from '../contract/commerce-writes.contract.ts';
import { openTestCatalogue, type TestCatalogue } from '../helpers/catalogue.ts';
import { DATABASES } from '../helpers/databases.ts';

const CATALOGUE_TABLES = ['products', 'variants', 'inventory_items', 'inventory_levels', 'product_tags'];

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe.each(DATABASES)('the embedded catalogue on %s', (_, openDatabase) => {
  let catalogue: TestCatalogue;
  let commerce: CommercePort;

  async function counts(): Promise<Record<string, number>> {
    const entries = await Promise.all(
      CATALOGUE_TABLES.map(async (table) => [table, await catalogue.count(table)]),
    );
    return Object.fromEntries(entries);
  }

  beforeEach(async () => {
    catalogue = await openTestCatalogue(openDatabase);
    commerce = catalogue.commerce;
  });

  afterEach(async () => {
    await catalogue.close();
  });

  describe('updateProduct', () => {
    it('replaces the tags and the stock level in place: one variant, one level, no stale tag rows', async () => {
      const { product } = await commerce.createProduct(input());
      await commerce.updateProduct(product.id, input({ tags: ['Miami Heat'], quantity: 0 }));
      expect(await counts()).toEqual({
        products: 1,
        variants: 1,
        inventory_items: 1,
        inventory_levels: 1,
        product_tags: 1,
      });
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
    it('removes the product with its variant, inventory and tags rows', async () => {
      const { product } = await commerce.createProduct(input());
      await commerce.createProduct(input({ title: 'Kept' }));
      await commerce.deleteProduct(product.id);
      expect(await counts()).toEqual({
        products: 1,
        variants: 1,
        inventory_items: 1,
        inventory_levels: 1,
        product_tags: 2,
      });
    });
  });

  describe('ids', () => {
    it('a number past what an id column holds names no product, image or variant', async () => {
      const { product } = await commerce.createProduct(input());
      const past = String(2 ** 31);
      for (const id of [`gid://shop/Product/${past}`, 'gid://shop/ProductVariant/999999999999999'])
        expect(await commerce.getProduct(id), id).toBeNull();
      for (const call of [
        commerce.updateProduct(`gid://shop/Product/${past}`, input()),
        commerce.deleteProduct(`gid://shop/Product/${past}`),
        commerce.updateProduct(product.id, input({ mediaIds: [`gid://shop/MediaImage/${past}`] })),
      ])
        expect(await rejection(call)).toMatchObject({ kind: 'invalid' });
      expect(await commerce.getProduct(product.id)).toEqual(product);
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
      expect(await counts()).toEqual({
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
      const before = await counts();
      const version = await commerce.version();
      for (const mediaIds of [['gid://shop/MediaImage/999'], ['not-a-gid']]) {
        const error = await rejection(commerce.createProduct(input({ mediaIds })));
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ kind: 'invalid' });
      }
      expect(await counts()).toEqual(before);
      expect(await catalogue.count('variants')).toBe(1);
      expect(await commerce.version()).toBe(version);
      expect((await commerce.listProducts()).map((product) => product.title)).toEqual(['Existing']);
    });
  });

  describe('stock', () => {
    it('can never go negative, even by direct SQL', async () => {
      await commerce.createProduct(input({ quantity: 1 }));
      // SQLite: "CHECK constraint failed"; PostgreSQL: "violates check constraint".
      await expect(
        sql`UPDATE inventory_levels SET available = -1`.execute(catalogue.store.db),
      ).rejects.toThrow(/check constraint/i);
      expect((await commerce.listProducts())[0]?.available).toBe(1);
    });
  });
});
