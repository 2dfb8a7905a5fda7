import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { heartLabel } from '../domain/wishlist/wishlist.ts';
import { $wishlist, toggleWishlist } from '../stores/wishlist.ts';

type Props = { id: string; title: string; size?: 'small' | 'large' };

/**
 * The heart that keeps a product in the wishlist. The server renders it empty; it shows the
 * browser's wishlist once hydrated, so the first render matches the HTML.
 */
export default function WishlistButton({ id, title, size = 'small' }: Props) {
  const ids = useStore($wishlist);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const saved = hydrated && ids.includes(id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={heartLabel(title)}
      title={saved ? 'Στα αγαπημένα' : 'Προσθήκη στα αγαπημένα'}
      data-testid="wishlist-button"
      onClick={() => toggleWishlist(id)}
      className={`inline-flex items-center justify-center rounded-full border border-line bg-paper text-accent shadow-card hover:bg-mist ${size === 'large' ? 'size-12' : 'size-11'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className={size === 'large' ? 'size-6' : 'size-5'}>
        <path
          d="M12 20.3l-1.3-1.2C6 14.8 3 12.1 3 8.7 3 6 5.1 4 7.7 4c1.5 0 3 .7 4.3 1.9C13.3 4.7 14.8 4 16.3 4 18.9 4 21 6 21 8.7c0 3.4-3 6.1-7.7 10.4L12 20.3z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
