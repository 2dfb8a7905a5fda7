import { z } from 'zod';

/** A wishlist keeps at most this many products; adding one more lets the oldest go. */
export const WISHLIST_MAX = 100;
/** Longer ids are not ours (a product id is a short gid); they are dropped, never sent. */
const ID_MAX_LENGTH = 200;

const idsSchema = z.array(z.string().min(1).max(ID_MAX_LENGTH));

/**
 * The ids a stored wishlist holds, newest first, once each: whatever another version of the shop
 * or a hand edit left in localStorage, a wrong value reads as an empty wishlist, never an error.
 */
export function parseWishlist(stored: string | undefined): string[] {
  if (!stored) return [];
  try {
    const parsed = idsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? [...new Set(parsed.data)].slice(0, WISHLIST_MAX) : [];
  } catch {
    return [];
  }
}

/** Adds the id at the front, or takes it out when it is there already. */
export function toggleId(ids: readonly string[], id: string): string[] {
  if (ids.includes(id)) return ids.filter((kept) => kept !== id);
  return [id, ...ids].slice(0, WISHLIST_MAX);
}

/** The heart's accessible name, which says what a press does. */
export function heartLabel(saved: boolean, title: string): string {
  return saved ? `Αφαίρεση από τα αγαπημένα: ${title}` : `Προσθήκη στα αγαπημένα: ${title}`;
}
