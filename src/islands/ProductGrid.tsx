import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { CardView } from '../domain/catalog/card-view.ts';
import type { GridKind } from '../domain/catalog/grids.ts';
import { callApi } from '../stores/api.ts';
import { $cart, loadCart, quantityInCart } from '../stores/cart.ts';
import GridCard from './ui/GridCard.tsx';

export type GridTexts = { loading: string; emptyTitle: string; emptyHint: string; backHome: string };
type Props = { kind: GridKind; initialCards: CardView[]; texts: GridTexts };

/** Cards in the first row load at once; the rest when scrolled to. */
const EAGER_IMAGES = 6;

/**
 * A pre-rendered grid of packs, lots or offers. After hydration it reads live stock and price; a failed
 * read keeps the cards it has (spec section 8: grid fetch errors are only logged).
 */
export default function ProductGrid({ kind, initialCards, texts }: Props) {
  const [cards, setCards] = useState(initialCards);
  const [refreshed, setRefreshed] = useState(false);
  const cart = useStore($cart);

  useEffect(() => {
    void loadCart();
    let active = true;
    void (async () => {
      const result = await callApi<{ cards: CardView[] }>('GET', `/api/grids/${kind}`);
      if (!active) return;
      if (result.ok) setCards(result.data.cards);
      else console.warn(`Could not refresh the ${kind} grid: ${result.error.message}`);
      setRefreshed(true);
    })();
    return () => {
      active = false;
    };
  }, [kind]);

  let content: ReactNode;
  if (cards.length > 0) {
    content = (
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6" data-testid="grid-list">
        {cards.map((card, index) => (
          <li key={card.id}>
            <GridCard card={card} inCart={quantityInCart(cart, card.id)} eager={index < EAGER_IMAGES} />
          </li>
        ))}
      </ul>
    );
  } else if (!refreshed) {
    // Only when the build had nothing to show: never over pre-rendered cards.
    content = (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted">
        <span
          className="size-10 animate-spin rounded-full border-4 border-line border-t-accent motion-reduce:animate-none"
          aria-hidden="true"
        />
        {texts.loading}
      </div>
    );
  } else {
    content = (
      <div className="flex flex-col items-center gap-3 rounded-card bg-mist px-4 py-16 text-center">
        <h2 className="text-xl font-extrabold">{texts.emptyTitle}</h2>
        <p className="text-muted">{texts.emptyHint}</p>
        <a
          href="/"
          className="mt-2 inline-flex min-h-11 items-center rounded-full bg-ink px-5 font-bold text-paper hover:bg-ink-soft"
        >
          {texts.backHome}
        </a>
      </div>
    );
  }

  return (
    <div data-testid="product-grid" data-kind={kind} data-refreshed={refreshed ? 'true' : 'false'}>
      {content}
    </div>
  );
}
