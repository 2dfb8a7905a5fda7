/** A wishlist keeps at most this many products; adding one more lets the oldest go. */
export const WISHLIST_MAX = 100;
/** Longer ids are not ours (a product id is a short gid); they are dropped, never sent. */
const ID_MAX_LENGTH = 200;

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= ID_MAX_LENGTH;

/**
 * The ids a stored wishlist holds, newest first, once each: whatever another version of the shop
 * or a hand edit left in localStorage, a wrong value reads as an empty wishlist, never an error.
 * Checked by hand, not with zod: this runs in the header of every page, within the JS budget.
 */
export function parseWishlist(stored: string | undefined): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    // A wrong entry is dropped, not the whole list (the next press would save the loss).
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter(isId))].slice(0, WISHLIST_MAX);
  } catch {
    return [];
  }
}

/** Adds the id at the front, or takes it out when it is there already. */
export function toggleId(ids: readonly string[], id: string): string[] {
  if (ids.includes(id)) return ids.filter((kept) => kept !== id);
  return [id, ...ids].slice(0, WISHLIST_MAX);
}

/**
 * The heart's accessible name: one name, with aria-pressed telling whether the product is kept,
 * so a screen reader does not hear the state twice (in the name and as "pressed").
 */
export function heartLabel(title: string): string {
  return `Αγαπημένα: ${title}`;
}
