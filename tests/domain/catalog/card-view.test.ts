import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import { cardCategory, isSoldOut, toCardView } from '../../../src/domain/catalog/card-view.ts';
import type { Product } from '../../../src/domain/catalog/product.ts';
import { LOT_TITLES, MYSTERY_PACK_TITLES } from '../../../src/domain/catalog/title-lists.ts';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 'gid://shop/Product/7',
    title: '2024-25 Panini Prizm Jayson Tatum #1',
    description: 'Near mint',
    descriptionHtml: '<p>Near mint</p>',
    tags: ['Boston Celtics', 'offer'],
    productType: 'Card',
    images: [
      { id: 'm1', url: '/media/1.webp', alt: 'front', width: 800, height: 1120 },
      { id: 'm2', url: '/media/2.webp', alt: 'back', width: 800, height: 1120 },
    ],
    variantId: 'gid://shop/ProductVariant/9',
    inventoryItemId: 'gid://shop/InventoryItem/9',
    priceCents: 1250,
    compareAtCents: null,
    available: 3,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    facts: EMPTY_FACTS,
    handle: 'a-card',
    ...overrides,
  };
}

describe('toCardView', () => {
  it('uses the variant id as the card id and keeps only what a card needs', () => {
    expect(toCardView(product())).toEqual({
      id: 'gid://shop/ProductVariant/9',
      productId: 'gid://shop/Product/7',
      title: '2024-25 Panini Prizm Jayson Tatum #1',
      category: 'Card',
      priceCents: 1250,
      compareAtCents: null,
      image: { url: '/media/1.webp', width: 800, height: 1120 },
      available: 3,
      maxQuantity: 3,
      tags: ['Boston Celtics'],
      badges: [],
    });
  });

  it('shows a compare-at price only above a known price (decision 089)', () => {
    expect(toCardView(product({ priceCents: 1250, compareAtCents: 1800 })).compareAtCents).toBe(1800);
    expect(toCardView(product({ priceCents: 1250, compareAtCents: 1250 })).compareAtCents).toBeNull();
    expect(toCardView(product({ priceCents: 1250, compareAtCents: 1000 })).compareAtCents).toBeNull();
    expect(toCardView(product({ priceCents: null, compareAtCents: 1800 })).compareAtCents).toBeNull();
  });

  it('carries the card-fact badges', () => {
    const facts = { ...EMPTY_FACTS, rookie: true, autograph: true, grader: 'PSA' as const, grade: 10 };
    expect(toCardView(product({ facts })).badges).toEqual(['RC', 'AUTO', 'PSA 10']);
  });

  it('falls back to the product id without a variant', () => {
    expect(toCardView(product({ variantId: '' })).id).toBe('gid://shop/Product/7');
  });

  it('caps the stepper at 10 when stock is not tracked, and at the stock otherwise', () => {
    expect(toCardView(product({ available: null })).maxQuantity).toBe(10);
    expect(toCardView(product({ available: 0 })).maxQuantity).toBe(0);
    expect(toCardView(product({ available: 25 })).maxQuantity).toBe(25);
  });

  it('hides only the offer tag', () => {
    expect(toCardView(product({ tags: ['offer', 'Olympiacos', 'Offer'] })).tags).toEqual([
      'Olympiacos',
      'Offer',
    ]);
  });

  it('has no image when the product has none, and no price when it has none', () => {
    const card = toCardView(product({ images: [], priceCents: null }));
    expect(card.image).toBeNull();
    expect(card.priceCents).toBeNull();
  });

  it('sends no description', () => {
    expect(Object.keys(toCardView(product()))).not.toContain('description');
  });
});

describe('cardCategory', () => {
  it.each(MYSTERY_PACK_TITLES)('%s is a Mystery Pack, whatever its type', (title) => {
    expect(cardCategory({ title, productType: 'LOT' })).toBe('Mystery Pack');
    expect(toCardView(product({ title, productType: 'Card' })).category).toBe('Mystery Pack');
  });

  it('a LOT product type is a LOT; everything else is a Card', () => {
    expect(cardCategory({ title: 'Lakers lot', productType: 'LOT' })).toBe('LOT');
    expect(cardCategory({ title: 'Lakers lot', productType: 'Card' })).toBe('Card');
    expect(cardCategory({ title: 'Lakers lot', productType: '' })).toBe('Card');
    expect(cardCategory({ title: '15x base cards mystery pack', productType: '' })).toBe('Card');
  });

  it('a Mystery Pack type is a Mystery Pack, and a title of the LOT list a LOT (decision 089)', () => {
    expect(cardCategory({ title: '5x AUTO Cards MYSTERY PACK', productType: 'Mystery Pack' })).toBe(
      'Mystery Pack',
    );
    expect(cardCategory({ title: LOT_TITLES[0] ?? '', productType: '' })).toBe('LOT');
  });
});

describe('isSoldOut', () => {
  it('is sold out at 0 or less, never when stock is not tracked', () => {
    expect(isSoldOut({ available: 0 })).toBe(true);
    expect(isSoldOut({ available: -1 })).toBe(true);
    expect(isSoldOut({ available: 1 })).toBe(false);
    expect(isSoldOut({ available: null })).toBe(false);
  });
});
