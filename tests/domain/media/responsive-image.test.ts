import { describe, expect, it } from 'vitest';
import {
  GRID_SIZES,
  IMAGE_WIDTHS,
  isImageWidth,
  srcSet,
  variantUrl,
} from '../../../src/domain/media/responsive-image.ts';

const STORED = '/media/1732000000000-a1b2c3-card.webp';

describe('srcSet', () => {
  it('lists the 320, 480 and 800 variants of a stored image', () => {
    expect(srcSet({ url: STORED })).toBe(`${STORED}?w=320 320w, ${STORED}?w=480 480w, ${STORED}?w=800 800w`);
  });

  it('gives none for static placeholders, SVGs, other hosts and missing images', () => {
    for (const url of [
      '/images/placeholder-card.svg',
      '/media/logo.svg',
      'https://cdn.shopify.com/s/files/card.jpg',
      '/media/a/b.jpg',
      `${STORED}?w=480`,
      '',
      null,
      undefined,
    ]) {
      expect(srcSet(url === null || url === undefined ? url : { url }), String(url)).toBeUndefined();
    }
  });

  it('lists the variants an image carries, whatever its host', () => {
    const image = {
      url: 'https://cdn.example.gr/card.jpg',
      variants: [
        { width: 320, url: 'https://cdn.example.gr/w320/card.jpg.webp' },
        { width: 800, url: 'https://cdn.example.gr/w800/card.jpg.webp' },
      ],
    };
    expect(srcSet(image)).toBe(
      'https://cdn.example.gr/w320/card.jpg.webp 320w, https://cdn.example.gr/w800/card.jpg.webp 800w',
    );
    expect(variantUrl(image, 800)).toBe('https://cdn.example.gr/w800/card.jpg.webp');
    // A width it has no copy at: the original.
    expect(variantUrl(image, 480)).toBe('https://cdn.example.gr/card.jpg');
  });
});

describe('variantUrl', () => {
  it('adds ?w= to stored images only', () => {
    expect(variantUrl({ url: STORED }, 800)).toBe(`${STORED}?w=800`);
    expect(variantUrl({ url: '/images/placeholder-card.svg' }, 320)).toBe('/images/placeholder-card.svg');
  });
});

describe('isImageWidth', () => {
  it('accepts exactly the listed widths', () => {
    expect(IMAGE_WIDTHS.every(isImageWidth)).toBe(true);
    for (const width of [0, 319, 481, 5000, 480.5, Number.NaN]) expect(isImageWidth(width)).toBe(false);
  });
});

it('GRID_SIZES ends with a default width for phones', () => {
  expect(GRID_SIZES.split(', ').at(-1)).toBe('48vw');
});
