import { useState } from 'react';
import type { CardView } from '../../domain/catalog/card-view.ts';
import { GRID_SIZES, srcSet } from '../../domain/media/responsive-image.ts';

const PLACEHOLDER = '/images/placeholder-card.svg';

/** A card's image at a fixed 5:7 ratio (no layout shift); a broken image falls back to the placeholder. */
export default function CardImage({
  card,
  eager = false,
}: {
  card: Pick<CardView, 'image' | 'title'>;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const src = !failed && card.image ? card.image.url : PLACEHOLDER;
  // srcset wins over src, so a broken image drops it too to show the placeholder.
  const set = failed ? undefined : srcSet(card.image?.url);
  return (
    <img
      src={src}
      srcSet={set}
      // HTML allows sizes only beside a srcset.
      sizes={set && GRID_SIZES}
      alt={card.title}
      width={card.image?.width ?? 600}
      height={card.image?.height ?? 840}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-[5/7] size-full bg-mist object-cover"
    />
  );
}
