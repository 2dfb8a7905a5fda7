import { LRUCache } from 'lru-cache';

/**
 * Rendered HTML of parts that many on-demand pages show alike (the product page's recommendation
 * rows), keyed by everything that decides that HTML, so a change makes a new key and the old HTML
 * is simply never asked for again (decision 067). Bounded: 2 bytes per character at most.
 */
const fragments = new LRUCache<string, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (html) => Math.max(1, html.length * 2),
});

/** The HTML cached under `key`, if any. */
export const findFragment = (key: string): string | undefined => fragments.get(key);

/**
 * Keeps `html` under `key` for the next page that shows the same part. HTML that carries a script
 * is not cached: Astro writes each island loader script once per page, where the page first needs
 * it, so such a script belongs to the page that rendered it and would be missing or doubled on
 * another page.
 */
export function cacheFragment(key: string, html: string): void {
  if (!html.includes('<script')) fragments.set(key, html);
}
