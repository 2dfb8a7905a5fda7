import { wrapIndex } from './carousel.ts';

/** Product gallery rules (spec sections 2 and 9): up to 10 images, arrows wrap around at both ends. */
export const MAX_GALLERY_IMAGES = 10;

/** The first ten images, in the owner's order. */
export function galleryImages<T>(images: readonly T[]): T[] {
  return images.slice(0, MAX_GALLERY_IMAGES);
}

/** The image `step` places away, wrapping past either end (the carousel's rule); 0 with no images. */
export function stepIndex(index: number, step: number, count: number): number {
  return count > 0 ? wrapIndex(index + step, count) : 0;
}

export const nextIndex = (index: number, count: number) => stepIndex(index, 1, count);
export const previousIndex = (index: number, count: number) => stepIndex(index, -1, count);

/** Which way a key moves the gallery: the left and right arrow keys step, anything else does nothing. */
export function keyStep(key: string): -1 | 0 | 1 {
  if (key === 'ArrowLeft') return -1;
  if (key === 'ArrowRight') return 1;
  return 0;
}
