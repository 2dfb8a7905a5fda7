import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { type CardView, isSoldOut } from '../../domain/catalog/card-view.ts';
import CardImage from './CardImage.tsx';

/** The top of every storefront card: the image, with the red sold-out badge when stock is gone. */
export default function CardPicture({
  card,
  eager = false,
}: {
  card: Pick<CardView, 'image' | 'title' | 'available'>;
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
    </div>
  );
}
