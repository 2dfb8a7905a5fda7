import { describe, expect, it } from 'vitest';
import { heartLabel, parseWishlist, toggleId, WISHLIST_MAX } from '../../../src/domain/wishlist/wishlist.ts';

describe('parseWishlist', () => {
  it('reads the stored ids, once each, in order', () => {
    expect(parseWishlist('["b","a","b"]')).toEqual(['b', 'a']);
  });

  it('drops a wrong entry and keeps the rest', () => {
    expect(parseWishlist(JSON.stringify(['a', 1, '', 'b', 'x'.repeat(201)]))).toEqual(['a', 'b']);
  });

  it.each([undefined, '', 'not json', '{"a":1}', '[1,2]', '[""]', JSON.stringify(['x'.repeat(201)])])(
    'reads %j as an empty wishlist',
    (stored) => {
      expect(parseWishlist(stored)).toEqual([]);
    },
  );

  it(`keeps at most ${WISHLIST_MAX}`, () => {
    const many = Array.from({ length: WISHLIST_MAX + 5 }, (_, index) => `id-${index}`);
    expect(parseWishlist(JSON.stringify(many))).toHaveLength(WISHLIST_MAX);
  });
});

describe('toggleId', () => {
  it('adds at the front and takes out what is there', () => {
    expect(toggleId(['a'], 'b')).toEqual(['b', 'a']);
    expect(toggleId(['b', 'a'], 'b')).toEqual(['a']);
  });

  it('lets the oldest go past the limit', () => {
    const full = Array.from({ length: WISHLIST_MAX }, (_, index) => `id-${index}`);
    const next = toggleId(full, 'new');
    expect(next).toHaveLength(WISHLIST_MAX);
    expect(next[0]).toBe('new');
    expect(next).not.toContain(`id-${WISHLIST_MAX - 1}`);
  });
});

it('the heart has one name; aria-pressed says whether the product is kept', () => {
  expect(heartLabel('Prizm')).toBe('Αγαπημένα: Prizm');
});
