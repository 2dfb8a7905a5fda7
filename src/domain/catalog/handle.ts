import { foldText } from '../text/fold.ts';

/** A product's handle: its unique, URL-friendly name, as Shopify has one (matched by the CSV import). */
export const HANDLE_MAX = 255;
export const HANDLE_PATTERN = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/** Shopify-style: lower case, accents dropped, anything but letters and digits becomes one hyphen. */
export function handleize(title: string): string {
  const handle = foldText(title)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX - 8)
    .replace(/-+$/, '');
  return handle || 'product';
}

/** `wanted`, or `wanted-2`, `wanted-3`, ... the first one `taken` does not hold. */
export function uniqueHandle(wanted: string, taken: (handle: string) => boolean): string {
  if (!taken(wanted)) return wanted;
  for (let n = 2; ; n += 1) {
    const candidate = `${wanted}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}
