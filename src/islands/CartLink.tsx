import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatEuro } from '../domain/text/money.ts';
import { $cartRises, $cartSummary, loadCart } from '../stores/cart.ts';

const BUMP_MS = 600;

/** Header cart link: item count and total; the icon bumps for 600 ms when the count rises. */
export default function CartLink() {
  const { count, totalCents } = useStore($cartSummary);
  const rises = useStore($cartRises);
  const [bumping, setBumping] = useState(false);

  useEffect(() => {
    void loadCart();
  }, []);

  useEffect(() => {
    if (rises === 0) return;
    setBumping(true);
    const timer = setTimeout(() => setBumping(false), BUMP_MS);
    return () => clearTimeout(timer);
  }, [rises]);

  return (
    <a
      href="/cart"
      className="flex min-h-11 items-center gap-2 rounded-full bg-ink px-3 py-1.5 text-sm font-semibold text-paper hover:bg-ink-soft"
      data-testid="cart-link"
      data-count={count}
    >
      {/* The accessible name reads "Καλάθι: 2 τεμάχια, 9,00 €" and holds the visible text as it is. */}
      <span className="sr-only">Καλάθι: </span>
      <span className="relative" data-bumping={bumping ? 'true' : 'false'} data-testid="cart-icon">
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          className={bumping ? 'animate-cart-bump' : undefined}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="9" cy="21" r="1" />
          <circle cx="20" cy="21" r="1" />
          <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
        </svg>
        <span className="absolute -top-2 -right-2 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-[0.7rem] leading-5">
          {count}
        </span>
        <span className="sr-only"> τεμάχια, </span>
      </span>
      <span className="tabular-nums">{formatEuro(totalCents)}</span>
    </a>
  );
}
