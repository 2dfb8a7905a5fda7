import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import type { Product } from '../../../src/domain/catalog/product.ts';
import {
  nextIndex,
  normaliseQuery,
  previousIndex,
  toSearchResult,
} from '../../../src/domain/catalog/search-box.ts';

describe('normaliseQuery', () => {
  it('trims and joins inner white space, so the same words are the same query', () => {
    expect(normaliseQuery('  Αντετοκούνμπο   Bucks \n')).toBe('Αντετοκούνμπο Bucks');
    expect(normaliseQuery('a\t b')).toBe('a b');
  });

  it('turns white space alone into an empty query', () => {
    expect(normaliseQuery('')).toBe('');
    expect(normaliseQuery(' \t\n ')).toBe('');
  });
});

describe('nextIndex (ArrowDown)', () => {
  it('goes from none to the first, then down, then wraps to the first', () => {
    expect(nextIndex(-1, 3)).toBe(0);
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
  });

  it('stays at none when there are no options, and recovers from an index past the end', () => {
    expect(nextIndex(-1, 0)).toBe(-1);
    expect(nextIndex(5, 0)).toBe(-1);
    expect(nextIndex(7, 3)).toBe(0);
  });
});

describe('previousIndex (ArrowUp)', () => {
  it('goes from none to the last, then up, then wraps to the last', () => {
    expect(previousIndex(-1, 3)).toBe(2);
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it('stays at none when there are no options, and recovers from an index past the end', () => {
    expect(previousIndex(-1, 0)).toBe(-1);
    expect(previousIndex(7, 3)).toBe(2);
  });
});

describe('toSearchResult', () => {
  const product: Product = {
    id: 'gid://shop/Product/42',
    title: 'Κάρτα Αντετοκούνμπο',
    description: 'long text that must not travel',
    descriptionHtml: '<p>long text that must not travel</p>',
    tags: ['Milwaukee Bucks'],
    productType: 'Card',
    images: [
      { id: 'm1', url: '/media/a.webp', alt: '', width: 800, height: 800 },
      { id: 'm2', url: '/media/b.webp', alt: '', width: 800, height: 800 },
    ],
    variantId: 'gid://shop/ProductVariant/42',
    inventoryItemId: 'gid://shop/InventoryItem/42',
    priceCents: 1250,
    compareAtCents: null,
    available: 3,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    facts: EMPTY_FACTS,
    handle: 'a-card',
  };

  it('keeps only what a result row shows, linking to the variant id URL-encoded', () => {
    expect(toSearchResult(product)).toEqual({
      id: 'gid://shop/ProductVariant/42',
      href: '/product/gid%3A%2F%2Fshop%2FProductVariant%2F42',
      title: 'Κάρτα Αντετοκούνμπο',
      priceCents: 1250,
      image: '/media/a.webp',
    });
  });

  it('falls back to the product id and no image', () => {
    const result = toSearchResult({ ...product, variantId: '', images: [], priceCents: null });
    expect(result.href).toBe('/product/gid%3A%2F%2Fshop%2FProduct%2F42');
    expect(result.image).toBeNull();
    expect(result.priceCents).toBeNull();
  });
});
