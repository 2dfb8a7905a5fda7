import type { Product } from './product.ts';
import { productPath } from './product-id.ts';

/** Header search (spec section 2): typing waits this long before it becomes a query. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Longer queries are refused by /api/search; the input stops at the same length. */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_LIMIT = 8;

/** One header search hit, slim enough to send on every keystroke pause (no descriptions). */
export type SearchResult = {
  id: string;
  href: string;
  title: string;
  priceCents: number | null;
  image: string | null;
};

export function toSearchResult(product: Product): SearchResult {
  return {
    id: product.variantId || product.id,
    href: productPath(product),
    title: product.title,
    priceCents: product.priceCents,
    image: product.images[0]?.url ?? null,
  };
}

/** The query as sent: trimmed, inner runs of white space as one space, so 'a  b' and 'a b ' are one query. */
export function normaliseQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** ArrowDown: the next option, from the last back to the first; -1 (none active) goes to the first. */
export function nextIndex(active: number, count: number): number {
  if (count <= 0) return -1;
  return active < 0 || active >= count - 1 ? 0 : active + 1;
}

/** ArrowUp: the previous option, from the first round to the last; -1 (none active) goes to the last. */
export function previousIndex(active: number, count: number): number {
  if (count <= 0) return -1;
  return active <= 0 || active >= count ? count - 1 : active - 1;
}
