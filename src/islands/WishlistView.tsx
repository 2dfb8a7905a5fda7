import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { CardView } from '../domain/catalog/card-view.ts';
import { callApi } from '../stores/api.ts';
import { $wishlist, toggleWishlist } from '../stores/wishlist.ts';
import RecommendationCard from './RecommendationCard.tsx';

type Item = { id: string; card: CardView | null };
type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; items: Item[] };

/**
 * /wishlist: the products the browser keeps, each with today's price and stock from the shop and
 * "add to cart"; a product that is gone says so and can be taken out. A heart pressed in another
 * tab changes this list at once (the store follows localStorage).
 */
export default function WishlistView() {
  const ids = useStore($wishlist);
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const totalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => setHydrated(true), []);

  const key = ids.join('\n');
  useEffect(() => {
    if (!hydrated) return;
    const wanted = key === '' ? [] : key.split('\n');
    if (wanted.length === 0) {
      setState({ kind: 'ready', items: [] });
      return;
    }
    let current = true;
    const query = new URLSearchParams(wanted.map((id) => ['id', id]));
    void callApi<{ items: Item[] }>('GET', `/api/wishlist?${query}`).then((result) => {
      if (!current) return;
      setState(
        result.ok
          ? { kind: 'ready', items: result.data.items }
          : { kind: 'error', message: result.error.message },
      );
    });
    return () => {
      current = false;
    };
  }, [hydrated, key]);

  if (!hydrated || state.kind === 'loading') return <p role="status">Φόρτωση...</p>;
  if (state.kind === 'error')
    return (
      <p role="alert" className="text-danger">
        {state.message}
      </p>
    );
  // Items the shopper took out since the answer came stay out without waiting for a new one.
  const items = state.items.filter((item) => ids.includes(item.id));
  if (items.length === 0)
    return (
      <div className="flex flex-col items-start gap-3" data-testid="wishlist-empty">
        <p>
          Δεν έχετε προσθέσει κάρτες στα αγαπημένα. Πατήστε την καρδιά σε μια κάρτα για να την κρατήσετε εδώ.
        </p>
        <a
          href="/singles"
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 font-bold text-paper hover:bg-accent-strong"
        >
          Δείτε τις κάρτες
        </a>
      </div>
    );
  return (
    <>
      {/* Focus comes here when a removal takes away the button that had it. */}
      <p ref={totalRef} tabIndex={-1} className="mb-4 text-muted" data-testid="wishlist-total">
        {items.length === 1 ? '1 προϊόν' : `${items.length} προϊόντα`}
      </p>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5" data-testid="wishlist">
        {items.map(({ id, card }, index) => (
          <li key={id} className="relative">
            {/* The card's own heart takes it out of the list. */}
            {card ? (
              <RecommendationCard card={card} />
            ) : (
              <div className="flex h-full flex-col items-start gap-3 rounded-card border border-line p-3">
                <p className="font-semibold">Αυτό το προϊόν δεν είναι πλέον διαθέσιμο.</p>
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold hover:bg-mist"
                  aria-label={`Αφαίρεση του μη διαθέσιμου προϊόντος ${index + 1} από τα αγαπημένα`}
                  onClick={() => {
                    toggleWishlist(id);
                    totalRef.current?.focus();
                  }}
                >
                  Αφαίρεση
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
