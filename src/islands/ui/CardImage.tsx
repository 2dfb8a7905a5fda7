import { useEffect, useRef, useState } from 'react';
import type { CardView } from '../../domain/catalog/card-view.ts';
import { CARD_PLACEHOLDER, failedBeforeHydration } from '../../domain/media/card-placeholder.ts';
import { GRID_SIZES, srcSet } from '../../domain/media/responsive-image.ts';

/**
 * A card's image at a fixed 5:7 ratio (no layout shift); a broken image falls back to the placeholder.
 * The page's script swaps the placeholder in whenever the image fails (src/components/image-fallback.ts);
 * the island's own state follows, so a re-render never brings the broken image back.
 */
export default function CardImage({
  card,
  eager = false,
}: {
  card: Pick<CardView, 'image' | 'title'>;
  eager?: boolean;
}) {
  const url = card.image?.url ?? null;
  // The URL that failed: a card that gets another image (a refreshed grid) tries that one.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = url !== null && failedUrl === url;
  const src = !failed && url ? url : CARD_PLACEHOLDER;
  // srcset wins over src, so a broken image drops it too to show the placeholder.
  const set = failed ? undefined : srcSet(card.image);

  // An image that broke before hydration fired its error event before React listened: catch up.
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (img.current && url && failedBeforeHydration(img.current, url)) setFailedUrl(url);
  }, [url]);

  return (
    <img
      ref={img}
      src={src}
      srcSet={set}
      // HTML allows sizes only beside a srcset.
      sizes={set && GRID_SIZES}
      alt={card.title}
      width={card.image?.width ?? 600}
      height={card.image?.height ?? 840}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-fallback={CARD_PLACEHOLDER}
      onError={() => setFailedUrl(url)}
      className="aspect-[5/7] size-full bg-mist object-cover"
    />
  );
}
