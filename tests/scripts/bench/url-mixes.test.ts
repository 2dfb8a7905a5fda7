import { describe, expect, it } from 'vitest';
import { productMix, searchMix, singlesMix } from '../../../scripts/bench/url-mixes.ts';
import { SEED_CATEGORIES } from '../../../scripts/seed/categories.ts';
import { benchProducts } from '../../../scripts/seed/products.ts';
import { EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import type { Product } from '../../../src/domain/catalog/product.ts';

const categories = SEED_CATEGORIES;
const products = benchProducts(categories, 2_000).map(
  (input, index): Product => ({
    id: `gid://shop/Product/${index + 1}`,
    variantId: `gid://shop/ProductVariant/${index + 1}`,
    title: input.title,
    description: '',
    descriptionHtml: '',
    tags: input.tags,
    productType: 'Card',
    images: [],
    inventoryItemId: '',
    priceCents: input.priceCents,
    compareAtCents: null,
    available: input.quantity,
    createdAt: '',
    updatedAt: '',
    facts: EMPTY_FACTS,
    handle: 'a-card',
  }),
);

describe('benchmark URL mixes', () => {
  it('gives at least 200 different singles URLs over sports, teams, players, words, prices, sorts and pages', () => {
    const urls = singlesMix(categories, products, 240);
    expect(new Set(urls).size).toBe(240);
    const params = urls.map((url) => new URL(url, 'http://x').searchParams);
    for (const key of ['category', 'team', 'player', 'search', 'min', 'max', 'page'])
      expect(
        params.some((p) => p.has(key)),
        key,
      ).toBe(true);
    expect(new Set(params.map((p) => p.get('sort'))).size).toBe(5);
  });

  it('is the same on every run', () => {
    expect(singlesMix(categories, products, 50)).toEqual(singlesMix(categories, products, 50));
  });

  it('gives at least 200 different header searches', () => {
    expect(new Set(searchMix(products, 200)).size).toBe(200);
  });

  it('spreads product pages over the catalogue, each once', () => {
    const urls = productMix(products, 500);
    expect(new Set(urls).size).toBe(500);
  });
});
