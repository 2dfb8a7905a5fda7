import { describe, expect, it } from 'vitest';
import { byNewest, decodeParam, idTail, productPath } from '../../../src/domain/catalog/product-id.ts';

describe('idTail', () => {
  it('reads the numeric last segment of a gid', () => {
    expect(idTail('gid://shop/Product/42')).toBe(42);
    expect(idTail('gid://shopify/ProductVariant/48123456789012')).toBe(48123456789012);
    expect(idTail('gid://shop/Product/7/')).toBe(7);
  });

  it('gives 0 for ids without a number', () => {
    expect(idTail('')).toBe(0);
    expect(idTail('gid://shop/Product/abc')).toBe(0);
  });
});

describe('byNewest', () => {
  it('sorts by numeric id tail, highest first (not as text)', () => {
    const items = [
      { id: 'gid://shop/Product/2' },
      { id: 'gid://shop/Product/10' },
      { id: 'gid://shop/Product/1' },
      { id: 'gid://shop/Product/100' },
    ];
    expect([...items].sort(byNewest).map((item) => item.id)).toEqual([
      'gid://shop/Product/100',
      'gid://shop/Product/10',
      'gid://shop/Product/2',
      'gid://shop/Product/1',
    ]);
  });

  it('puts ids without a number last', () => {
    const sorted = [{ id: 'draft' }, { id: 'gid://shop/Product/3' }].sort(byNewest);
    expect(sorted.map((item) => item.id)).toEqual(['gid://shop/Product/3', 'draft']);
  });
});

describe('productPath', () => {
  it('prefers the variant id, URL-encoded', () => {
    expect(productPath({ id: 'gid://shop/Product/5', variantId: 'gid://shop/ProductVariant/9' })).toBe(
      '/product/gid%3A%2F%2Fshop%2FProductVariant%2F9',
    );
  });

  it('falls back to the product id when there is no variant id', () => {
    const expected = '/product/gid%3A%2F%2Fshop%2FProduct%2F5';
    expect(productPath({ id: 'gid://shop/Product/5' })).toBe(expected);
    expect(productPath({ id: 'gid://shop/Product/5', variantId: null })).toBe(expected);
    expect(productPath({ id: 'gid://shop/Product/5', variantId: '' })).toBe(expected);
  });

  it('round-trips through decodeParam', () => {
    const variantId = 'gid://shop/ProductVariant/9';
    const segment = productPath({ id: 'x', variantId }).slice('/product/'.length);
    expect(segment).not.toContain('/');
    expect(decodeParam(segment)).toBe(variantId);
  });
});

describe('decodeParam', () => {
  it('decodes an encoded value once', () => {
    expect(decodeParam('gid%3A%2F%2Fshop%2FProduct%2F5')).toBe('gid://shop/Product/5');
    expect(decodeParam('Luka%20Don%C4%8Di%C4%87')).toBe('Luka Dončić');
    expect(decodeParam('%2541')).toBe('%41');
  });

  it('keeps a plain value as is', () => {
    expect(decodeParam('gid://shop/Product/5')).toBe('gid://shop/Product/5');
    expect(decodeParam('Αντετοκούνμπο')).toBe('Αντετοκούνμπο');
  });

  it('keeps malformed encodings as is instead of throwing', () => {
    expect(decodeParam('%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodeParam('100%')).toBe('100%');
  });

  it('gives an empty string for a missing value', () => {
    expect(decodeParam(undefined)).toBe('');
    expect(decodeParam('')).toBe('');
  });
});
