import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { parseWishlist, toggleId } from '../domain/wishlist/wishlist.ts';

/**
 * The wishlist: product (variant) ids, newest first, in localStorage. @nanostores/persistent
 * listens to the storage event, so a heart pressed in one tab shows in every other at once.
 */
export const $wishlist = persistentAtom<string[]>('cardvault:wishlist', [], {
  encode: JSON.stringify,
  decode: parseWishlist,
});

export const $wishlistCount = computed($wishlist, (ids) => ids.length);

export function toggleWishlist(id: string): void {
  $wishlist.set(toggleId($wishlist.get(), id));
}
