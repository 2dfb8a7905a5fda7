import { describe, expect, it } from 'vitest';
import {
  type FallbackDocument,
  type FallbackImage,
  installImageFallback,
  showPlaceholder,
} from '../../src/components/image-fallback.ts';
import { CARD_PLACEHOLDER, failedBeforeHydration } from '../../src/domain/media/card-placeholder.ts';

/** An <img> as far as the fallback sees it: its attributes and its load state. */
function fakeImage(
  attributes: Record<string, string>,
  state: { complete: boolean; naturalWidth: number } = { complete: false, naturalWidth: 0 },
): FallbackImage & { attributes: Map<string, string> } {
  const map = new Map(Object.entries(attributes));
  return {
    attributes: map,
    ...state,
    getAttribute: (name) => map.get(name) ?? null,
    removeAttribute: (name) => {
      map.delete(name);
    },
    setAttribute: (name, value) => {
      map.set(name, value);
    },
  };
}

const CARD = {
  src: '/media/card.jpg',
  srcset: '/media/card.jpg?w=320 320w',
  sizes: '48vw',
  'data-fallback': CARD_PLACEHOLDER,
};

/** A document holding `images`, that keeps the error listener it is given. */
function fakeDocument(images: FallbackImage[]) {
  const listeners: Array<{ listener: (event: { target: unknown }) => void; capture: boolean }> = [];
  const doc: FallbackDocument & { fire(target: unknown): void; listeners: typeof listeners } = {
    listeners,
    querySelectorAll: (selector) => {
      expect(selector).toBe('img[data-fallback]');
      return images.filter((img) => img.getAttribute('data-fallback') !== null);
    },
    addEventListener: (type, listener, capture) => {
      expect(type).toBe('error');
      listeners.push({ listener, capture });
    },
    fire: (target) => {
      for (const { listener } of listeners) listener({ target });
    },
  };
  return doc;
}

describe('showPlaceholder', () => {
  it('swaps a broken card image for its placeholder and drops the srcset that would win over it', () => {
    const img = fakeImage(CARD);
    expect(showPlaceholder(img)).toBe(true);
    expect(Object.fromEntries(img.attributes)).toEqual({
      src: CARD_PLACEHOLDER,
      'data-fallback': CARD_PLACEHOLDER,
    });
  });

  it('leaves a broken placeholder alone (no loop) and an image without the mark untouched', () => {
    const placeholder = fakeImage({ src: CARD_PLACEHOLDER, 'data-fallback': CARD_PLACEHOLDER });
    expect(showPlaceholder(placeholder)).toBe(false);
    expect(placeholder.getAttribute('src')).toBe(CARD_PLACEHOLDER);
    const logo = fakeImage({ src: '/images/logo.svg' });
    expect(showPlaceholder(logo)).toBe(false);
    expect(logo.getAttribute('src')).toBe('/images/logo.svg');
  });
});

describe('installImageFallback', () => {
  it('fixes the card images that failed before it ran, and only those', () => {
    const failedEarly = fakeImage(CARD, { complete: true, naturalWidth: 0 });
    const loaded = fakeImage(CARD, { complete: true, naturalWidth: 600 });
    const loading = fakeImage(CARD, { complete: false, naturalWidth: 0 });
    const brokenLogo = fakeImage({ src: '/images/logo.svg' }, { complete: true, naturalWidth: 0 });
    installImageFallback(fakeDocument([failedEarly, loaded, loading, brokenLogo]));
    expect(failedEarly.getAttribute('src')).toBe(CARD_PLACEHOLDER);
    expect(loaded.getAttribute('src')).toBe(CARD.src);
    expect(loading.getAttribute('src')).toBe(CARD.src);
    expect(brokenLogo.getAttribute('src')).toBe('/images/logo.svg');
  });

  it('listens to later errors on the document in the capture phase (they do not bubble)', () => {
    const later = fakeImage(CARD);
    const doc = fakeDocument([later]);
    installImageFallback(doc);
    expect(doc.listeners.map(({ capture }) => capture)).toEqual([true]);
    expect(later.getAttribute('src')).toBe(CARD.src);

    doc.fire(later);
    expect(later.getAttribute('src')).toBe(CARD_PLACEHOLDER);
    expect(later.getAttribute('srcset')).toBeNull();

    // A card an island adds after the page loaded, and errors of things that are no card image.
    const added = fakeImage(CARD);
    doc.fire(added);
    expect(added.getAttribute('src')).toBe(CARD_PLACEHOLDER);
    const script = fakeImage({ src: '/_astro/island.js' });
    doc.fire(script);
    doc.fire(null);
    doc.fire({});
    expect(script.getAttribute('src')).toBe('/_astro/island.js');
  });
});

describe('failedBeforeHydration', () => {
  const state = (src: string, complete: boolean, naturalWidth: number) => ({
    complete,
    naturalWidth,
    getAttribute: (name: string) => (name === 'src' ? src : null),
  });

  it('is true when the page already shows the placeholder, or the image is broken', () => {
    expect(failedBeforeHydration(state(CARD_PLACEHOLDER, false, 0), '/media/card.jpg')).toBe(true);
    expect(failedBeforeHydration(state('/media/card.jpg', true, 0), '/media/card.jpg')).toBe(true);
  });

  it('is false while the image loads or once it loaded, and for a card with no image of its own', () => {
    expect(failedBeforeHydration(state('/media/card.jpg', false, 0), '/media/card.jpg')).toBe(false);
    expect(failedBeforeHydration(state('/media/card.jpg', true, 480), '/media/card.jpg')).toBe(false);
    expect(failedBeforeHydration(state(CARD_PLACEHOLDER, true, 500), CARD_PLACEHOLDER)).toBe(false);
  });
});
