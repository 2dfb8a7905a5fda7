import { describe, expect, it } from 'vitest';
import { availabilityText, isInStock, pickByTitles } from '../../../src/domain/catalog/product-page.ts';

describe('availability', () => {
  it('shows the stock, sold out, or available when untracked', () => {
    expect(availabilityText(3)).toBe('Διαθέσιμα: 3');
    expect(availabilityText(0)).toBe('Εξαντλήθηκε');
    expect(availabilityText(-2)).toBe('Εξαντλήθηκε');
    expect(availabilityText(null)).toBe('Διαθέσιμο');
  });

  it('counts untracked stock as in stock', () => {
    expect(isInStock(null)).toBe(true);
    expect(isInStock(1)).toBe(true);
    expect(isInStock(0)).toBe(false);
  });
});

describe('pickByTitles', () => {
  const products = [
    { id: 'p4', title: 'D' },
    { id: 'p3', title: 'C' },
    { id: 'p2', title: 'A' },
    { id: 'p1', title: 'A' },
  ];

  it('follows the list order and skips titles the catalogue lacks', () => {
    expect(pickByTitles(products, ['C', 'missing', 'D'], '').map((p) => p.id)).toEqual(['p3', 'p4']);
  });

  it('skips the product being shown', () => {
    expect(pickByTitles(products, ['C', 'D'], 'p3').map((p) => p.id)).toEqual(['p4']);
  });

  it('takes the first (newest) of products sharing a title, once', () => {
    expect(pickByTitles(products, ['A', 'A'], '').map((p) => p.id)).toEqual(['p2']);
  });
});
