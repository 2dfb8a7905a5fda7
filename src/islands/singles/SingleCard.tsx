import type { CardView } from '../../domain/catalog/card-view.ts';
import { productPath } from '../../domain/catalog/product-id.ts';
import CardBadges from '../ui/CardBadges.tsx';
import CardPicture from '../ui/CardPicture.tsx';
import Price from '../ui/Price.tsx';

/** One card of the grid: the whole card links to its product page. */
export default function SingleCard({ card, eager }: { card: CardView; eager: boolean }) {
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-paper shadow-card"
      data-testid="single-card"
    >
      <CardPicture card={card} eager={eager} />
      <div className="flex grow flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold break-words">
          <a
            href={productPath({ id: card.productId, variantId: card.id })}
            className="after:absolute after:inset-0"
          >
            {card.title}
          </a>
        </h3>
        {card.tags.length > 0 && <p className="truncate text-xs text-muted">{card.tags.join(', ')}</p>}
        <CardBadges badges={card.badges} />
        <Price
          priceCents={card.priceCents}
          compareAtCents={card.compareAtCents}
          className="mt-auto font-bold"
        />
      </div>
    </article>
  );
}
