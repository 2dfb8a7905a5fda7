/**
 * Card images fall back to their placeholder whenever their load fails, whoever rendered them (an
 * .astro page or an island) and whenever the error came: before any script ran (a fast 404 while
 * the HTML was still parsing), or later (a lazy image scrolled into view, a card an island added).
 *
 * An `onerror` attribute would say it on the image itself, but the CSP runs no inline handlers. So
 * the page runs this once, from its <head>: it first fixes the images that already failed (an error
 * event fired before anyone listened; such an image is complete with no width), then listens to
 * every later error on the document in the capture phase (error events do not bubble, but capture
 * reaches the document first). Both happen in one task, so no error falls between them.
 *
 * No imports: Astro inlines this page script only when it shares no module with the islands.
 */

/** The attribute that marks a card image; its value is the placeholder's URL. */
const FALLBACK_ATTRIBUTE = 'data-fallback';

/** The part of an <img> the fallback uses. */
export type FallbackImage = {
  readonly complete: boolean;
  readonly naturalWidth: number;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
  setAttribute(name: string, value: string): void;
};

/** The part of the document it uses. */
export type FallbackDocument = {
  querySelectorAll(selector: string): Iterable<unknown>;
  addEventListener(type: 'error', listener: (event: { target: unknown }) => void, capture: true): void;
};

const isFallbackImage = (node: unknown): node is FallbackImage =>
  typeof node === 'object' &&
  node !== null &&
  'getAttribute' in node &&
  typeof node.getAttribute === 'function' &&
  (node as FallbackImage).getAttribute(FALLBACK_ATTRIBUTE) !== null;

/**
 * Shows the placeholder in place of a broken image; true when it did. A broken placeholder is left
 * alone (nothing better to show, and no loop). The srcset goes too: it would win over the src.
 */
export function showPlaceholder(img: FallbackImage): boolean {
  const placeholder = img.getAttribute(FALLBACK_ATTRIBUTE);
  if (!placeholder || img.getAttribute('src') === placeholder) return false;
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.setAttribute('src', placeholder);
  return true;
}

/** Fixes the card images that already failed, and every one that fails from now on. */
export function installImageFallback(doc: FallbackDocument): void {
  for (const img of doc.querySelectorAll(`img[${FALLBACK_ATTRIBUTE}]`)) {
    if (isFallbackImage(img) && img.complete && img.naturalWidth === 0) showPlaceholder(img);
  }
  doc.addEventListener(
    'error',
    (event) => {
      if (isFallbackImage(event.target)) showPlaceholder(event.target);
    },
    true,
  );
}
