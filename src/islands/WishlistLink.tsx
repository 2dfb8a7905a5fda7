import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $wishlistCount } from '../stores/wishlist.ts';

/** Header link to /wishlist with how many products it holds (after hydration: the HTML says 0). */
export default function WishlistLink() {
  const stored = useStore($wishlistCount);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const count = hydrated ? stored : 0;
  return (
    <a
      href="/wishlist"
      className="relative grid size-11 place-items-center rounded-full text-accent hover:bg-mist"
      aria-label={`Αγαπημένα: ${count}`}
      data-testid="wishlist-link"
      data-count={count}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M12 20.3l-1.3-1.2C6 14.8 3 12.1 3 8.7 3 6 5.1 4 7.7 4c1.5 0 3 .7 4.3 1.9C13.3 4.7 14.8 4 16.3 4 18.9 4 21 6 21 8.7c0 3.4-3 6.1-7.7 10.4L12 20.3z"
          fill={count > 0 ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 && (
        <span className="absolute top-0 right-0 grid min-w-5 place-items-center rounded-full bg-ink px-1 text-[0.7rem] leading-5 font-semibold text-paper">
          {count}
        </span>
      )}
    </a>
  );
}
