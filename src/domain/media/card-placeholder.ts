/**
 * The picture a card shows when it has no image or its image fails to load (spec section 8). Every
 * card image carries it in `data-fallback`; the page's image-fallback script swaps it in on an error
 * (src/components/image-fallback.ts), however early the error came.
 */
export const CARD_PLACEHOLDER = '/images/placeholder-card.svg';

/** What an island needs of its <img> to tell whether it already failed. */
export type ImageState = {
  readonly complete: boolean;
  readonly naturalWidth: number;
  getAttribute(name: string): string | null;
};

/**
 * True when an image failed before its island could listen (the error came before hydration):
 * the page's script already shows the placeholder, or the image is broken and nothing swapped it yet.
 * An island then marks it failed, so its own state matches what the page shows.
 */
export function failedBeforeHydration(img: ImageState, src: string): boolean {
  if (src === CARD_PLACEHOLDER) return false;
  return img.getAttribute('src') === CARD_PLACEHOLDER || (img.complete && img.naturalWidth === 0);
}
