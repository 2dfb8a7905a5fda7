import { useState } from 'react';
import { productPath } from '../../../domain/catalog/product-id.ts';
import { CARD_PLACEHOLDER } from '../../../domain/media/card-placeholder.ts';

type Props = {
  product: { id: string; variantId: string; title: string; images: ReadonlyArray<{ url: string }> };
  /** The link's width classes: the lists differ in where the table starts. */
  className: string;
};

/** A dashboard row's picture, linked to the product page out of the tab order (the title link goes there). */
export default function ProductThumbnail({ product, className }: Props) {
  const [failed, setFailed] = useState(false);
  const url = product.images[0]?.url;
  return (
    <a href={productPath(product)} tabIndex={-1} className={`block ${className}`}>
      <img
        src={!failed && url ? url : CARD_PLACEHOLDER}
        alt={product.title}
        width={48}
        height={67}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="aspect-[5/7] w-full rounded-sm bg-mist object-cover"
      />
    </a>
  );
}
