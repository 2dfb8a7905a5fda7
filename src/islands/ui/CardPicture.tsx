import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { type CardView, isSoldOut } from '../../domain/catalog/card-view.ts';
import WishlistButton from '../WishlistButton.tsx';
import CardImage from './CardImage.tsx';

/**
 * The top of every storefront card: the image, with the red sold-out badge when stock is gone and
 * the wishlist heart, above the card-wide link so it takes its own taps.
 */
export default function CardPicture({
  card,
  eager = false,
}: {
  card: Pick<CardView, 'id' | 'image' | 'title' | 'available'>;
  eager?: boolean;
}) {
  return (
    <div className="relative">
      <CardImage card={card} eager={eager} />
      {isSoldOut(card) && (
        <span className="absolute top-2 left-2 rounded-full bg-danger px-2 py-0.5 text-xs font-bold text-paper">
          {MESSAGES.soldOut}
        </span>
      )}
      <div className="absolute top-2 right-2 z-10">
        <WishlistButton id={card.id} title={card.title} />
      </div>
    </div>
  );
}
