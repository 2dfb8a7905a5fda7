import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedShop } from '../../../scripts/seed/seed-shop.ts';
import { CATEGORY_GROUPS } from '../../../src/domain/catalog/sports.ts';
import { countRows, openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

let shop: TempShop;

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  shop.remove();
});

describe('seedShop', () => {
  it('fills an empty shop once, and adds nothing the second time', { timeout: 60_000 }, async () => {
    const { container } = shop;
    const report = await seedShop(container);
    expect(report.categories).toBe(20);
    expect(report.products).toBeGreaterThanOrEqual(150);

    const categories = await container.documents.listCategories();
    expect(categories.map((category) => category.id).sort()).toEqual(
      CATEGORY_GROUPS.map((group) => group.id).sort(),
    );

    const products = await container.commerce.listProducts();
    expect(products).toHaveLength(report.products);
    for (const product of products) {
      expect(product.images.length, product.title).toBeGreaterThanOrEqual(1);
      expect(product.images[0]?.url, product.title).toMatch(
        /^\/media\/\d{13}-[a-z0-9]{6}-[A-Za-z0-9_-]+\.\w+$/,
      );
    }
    const firstImage = products[0]?.images[0]?.url.slice('/media/'.length) ?? '';
    expect((await container.media.read(firstImage))?.bytes.byteLength).toBeGreaterThan(0);

    const rows = { products: countRows(container, 'products'), media: countRows(container, 'media') };
    const version = await container.builds.contentVersion();
    expect(await seedShop(container)).toEqual({ categories: 0, products: 0 });
    expect({ products: countRows(container, 'products'), media: countRows(container, 'media') }).toEqual(
      rows,
    );
    expect(await container.builds.contentVersion()).toBe(version);
  });
});
