import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { canAdd, stepperState, tooManyMessage } from '../domain/cart/cart-rules.ts';
import type { CardView } from '../domain/catalog/card-view.ts';
import { isSoldOut } from '../domain/catalog/card-view.ts';
import { productPath } from '../domain/catalog/product-id.ts';
import { $cart, addToCart, loadCart, quantityInCart } from '../stores/cart.ts';
import CardBadges from './ui/CardBadges.tsx';
import CardPicture from './ui/CardPicture.tsx';
import Price from './ui/Price.tsx';
import QuantityStepper from './ui/QuantityStepper.tsx';

/**
 * A 'Hot Picks' / 'Best Value Picks' card (spec sections 4 and 5): the stepper starts at 1 and resets
 * to 1 after adding, stops at the stock the cart leaves, and an add past the stock says so.
 */
export default function RecommendationCard({ card }: { card: CardView }) {
  const cart = useStore($cart);
  const inCart = quantityInCart(cart, card.id);
  const [selected, setSelected] = useState(1);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const stepper = stepperState(selected, card.maxQuantity, inCart);
  const soldOut = isSoldOut(card);
  const buyable = card.priceCents !== null && !soldOut;

  useEffect(() => {
    void loadCart();
  }, []);

  async function add() {
    if (!canAdd(stepper.value, inCart, card.maxQuantity)) {
      setMessage({ tone: 'error', text: tooManyMessage(card.maxQuantity) });
      return;
    }
    setBusy(true);
    const result = await addToCart(card.id, stepper.value);
    setBusy(false);
    setSelected(1);
    setMessage(
      result.ok
        ? { tone: 'success', text: 'Προστέθηκε στο καλάθι.' }
        : { tone: 'error', text: result.error.message },
    );
  }

  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-paper shadow-card"
      data-testid="recommendation-card"
    >
      <CardPicture card={card} />
      <div className="flex grow flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold">
          {/* Its ::after covers the image too: one big tap target, one link for readers. */}
          <a
            href={productPath({ id: card.id })}
            className="hover:underline after:absolute after:inset-x-0 after:top-0 after:aspect-[5/7]"
          >
            {card.title}
          </a>
        </h3>
        <CardBadges badges={card.badges} />
        <Price
          priceCents={card.priceCents}
          compareAtCents={card.compareAtCents}
          className="mt-auto text-base font-bold"
        />
        {buyable && (
          <div className="flex flex-col items-start gap-2">
            <QuantityStepper label={`Ποσότητα: ${card.title}`} {...stepper} onChange={setSelected} />
            <button
              type="button"
              className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-accent px-3 py-1 text-sm leading-tight font-bold text-paper hover:bg-accent-strong disabled:opacity-50"
              disabled={busy}
              onClick={add}
            >
              {busy ? 'Προσθήκη...' : 'Προσθήκη στο καλάθι'}
            </button>
          </div>
        )}
        {message && (
          <p
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={`text-sm ${message.tone === 'error' ? 'text-danger' : 'text-success'}`}
          >
            {message.text}
          </p>
        )}
      </div>
    </article>
  );
}
