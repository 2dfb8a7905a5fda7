import { describe, expect, it } from 'vitest';
import {
  galleryImages,
  keyStep,
  MAX_GALLERY_IMAGES,
  nextIndex,
  previousIndex,
  stepIndex,
} from '../../../src/domain/carousel/gallery.ts';

describe('galleryImages', () => {
  it('keeps the first ten images in order (spec section 9)', () => {
    const images = Array.from({ length: 12 }, (_, index) => `image-${index}`);
    expect(MAX_GALLERY_IMAGES).toBe(10);
    expect(galleryImages(images)).toEqual(images.slice(0, 10));
    expect(galleryImages(['a', 'b'])).toEqual(['a', 'b']);
    expect(galleryImages([])).toEqual([]);
  });
});

describe('next and previous', () => {
  it('step through the images and wrap at both ends', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(1, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it('stay on the only image', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
  });

  it('give 0, never NaN, when there are no images', () => {
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
    expect(stepIndex(5, -1, 0)).toBe(0);
  });
});

describe('keyStep', () => {
  it('moves with the left and right arrow keys only', () => {
    expect(keyStep('ArrowLeft')).toBe(-1);
    expect(keyStep('ArrowRight')).toBe(1);
    expect(keyStep('ArrowUp')).toBe(0);
    expect(keyStep('Enter')).toBe(0);
  });
});
