import type { CardView } from '../domain/catalog/card-view.ts';
import RecommendationCard from './RecommendationCard.tsx';

/**
 * One row of a product page's recommendations ('Hot Picks', 'Best Value Picks'): one island for
 * its cards, not one per card, so the server renders one React tree per row (decision 063).
 */
export default function RecommendationGrid({ cards }: { cards: CardView[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
      {cards.map((card) => (
        <li key={card.id}>
          <RecommendationCard card={card} />
        </li>
      ))}
    </ul>
  );
}
