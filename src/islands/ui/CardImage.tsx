import { useState } from 'react';
import type { CardView } from '../../domain/card-view.ts';
import { GRID_SIZES, srcSet } from '../../domain/responsive-image.ts';

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
  return (
    <img
      src={src}
      // srcset wins over src, so a broken image drops it too to show the placeholder.
      srcSet={failed ? undefined : srcSet(card.image?.url)}
      sizes={GRID_SIZES}
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
