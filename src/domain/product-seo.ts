import { centsToAmount } from './money.ts';
import { isInStock } from './product-page.ts';

/** Search engines cut descriptions around here. */
export const META_DESCRIPTION_MAX = 160;

/**
 * A one-line plain-text meta description of at most 160 characters, cut at a word with an ellipsis;
 * `fallback` when the text is empty.
 */
export function metaDescription(text: string, fallback: string): string {
  const line = text.replace(/\s+/g, ' ').trim() || fallback.replace(/\s+/g, ' ').trim();
  if (line.length <= META_DESCRIPTION_MAX) return line;
  const room = line.slice(0, META_DESCRIPTION_MAX - 1);
  const lastSpace = room.lastIndexOf(' ');
  // Cut at a word unless that throws away most of the text (one very long word).
  const cut = lastSpace > META_DESCRIPTION_MAX / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,.;:·-]+$/, '')}…`;
}

export type ProductSeoInput = {
  title: string;
  /** Plain text. */
  description: string;
  priceCents: number | null;
  available: number | null;
  variantId: string;
  /** Absolute URL of the product page (the canonical, variant-id URL). */
  url: string;
  /** Absolute image URLs, in gallery order. */
  images: readonly string[];
};

/**
 * schema.org Product with an Offer, for rich results. A product without a price gets no Offer,
 * since an Offer without a price is invalid.
 */
export function productJsonLd(input: ProductSeoInput): Record<string, unknown> {
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.title,
    sku: input.variantId,
    url: input.url,
    image: [...input.images],
  };
  const description = input.description.replace(/\s+/g, ' ').trim();
  if (description) product.description = description.slice(0, 5000);
  if (input.priceCents !== null) {
    product.offers = {
      '@type': 'Offer',
      price: centsToAmount(input.priceCents),
      priceCurrency: 'EUR',
      availability: isInStock(input.available)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      url: input.url,
      sku: input.variantId,
    };
  }
  return product;
}

/**
 * JSON safe to place inside a <script> element: '<', '>' and '&' become \u escapes, so a title holding
 * '</script>' cannot end the element, and the JSON still parses to the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
