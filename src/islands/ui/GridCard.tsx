import { useEffect, useId, useState } from 'react';
import { stepperState, tooManyMessage } from '../../domain/cart/cart-rules.ts';
import type { CardView } from '../../domain/catalog/card-view.ts';
import { gridAddQuantity } from '../../domain/catalog/grids.ts';
import { productPath } from '../../domain/catalog/product-id.ts';
import { addToCart } from '../../stores/cart.ts';
import CardBadges from './CardBadges.tsx';
import CardPicture from './CardPicture.tsx';
import Price from './Price.tsx';
import QuantityStepper from './QuantityStepper.tsx';

type Props = { card: CardView; inCart: number; eager: boolean };

/** How long the grid's "added" confirmation stays beside the button. */
const ADDED_MS = 2_500;

/** A pack, lot or offer card: the whole card links to the product; stepper and button sit above the link. */
export default function GridCard({ card, inCart, eager }: Props) {
  const [selected, setSelected] = useState(1);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const stepper = stepperState(selected, card.maxQuantity, inCart);
  const full = stepper.remaining === 0 && card.maxQuantity > 0;
  // A short confirmation beside the button, read by screen readers; the header badge counts too.
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_MS);
    return () => clearTimeout(timer);
  }, [added]);

  async function add() {
    const quantity = gridAddQuantity(selected, card.maxQuantity, inCart);
    if (quantity === null) return; // More than the stock: ignored, no message, on list pages.
    setBusy(true);
    try {
      const result = await addToCart(card.id, quantity);
      // Cart errors are silent on the storefront (spec section 8); the log helps whoever debugs.
      if (!result.ok) console.warn(`Cart add failed for ${card.id}: ${result.error.message}`);
      else setAdded(true);
    } finally {
      setBusy(false);
      setSelected(1);
    }
  }

  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-paper shadow-card"
      data-testid="grid-card"
    >
      <CardPicture card={card} eager={eager} />
      <div className="flex grow flex-col gap-1 p-3">
        <h2 id={titleId} className="line-clamp-2 text-sm font-semibold">
          <a
            href={productPath({ id: card.productId, variantId: card.id })}
            className="after:absolute after:inset-0"
          >
            {card.title}
          </a>
        </h2>
        <p className="text-xs text-muted" data-testid="grid-card-category">
          {card.category}
        </p>
        <CardBadges badges={card.badges} />
        <Price
          priceCents={card.priceCents}
          compareAtCents={card.compareAtCents}
          className="mt-auto font-bold"
        />
        {/* Above the card-wide link, so the controls take the taps. */}
        <div className="relative z-10 mt-2 flex flex-col items-start gap-2">
          <QuantityStepper label={`Ποσότητα: ${card.title}`} {...stepper} onChange={setSelected} />
          <button
            type="button"
            className="min-h-11 w-full rounded-full bg-accent px-3 py-2 text-sm leading-tight font-bold text-paper hover:bg-accent-strong disabled:bg-muted disabled:opacity-60"
            aria-describedby={titleId}
            disabled={busy || stepper.remaining === 0}
            onClick={add}
          >
            {busy ? 'Προσθήκη...' : 'Προσθήκη στο καλάθι'}
          </button>
          <p role="status" className="min-h-4 text-xs font-semibold text-success" data-testid="grid-added">
            {added ? 'Προστέθηκε στο καλάθι' : ''}
          </p>
          {full && !added && <p className="text-xs text-muted">{tooManyMessage(card.maxQuantity)}</p>}
        </div>
      </div>
    </article>
  );
}
