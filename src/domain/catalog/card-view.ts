import { factBadges } from '../card-facts/display.ts';
import { DEFAULT_LIST_MAX } from '../cart/cart-rules.ts';
import type { ShownImage } from '../media/responsive-image.ts';
import { oldPrice } from './offers.ts';
import type { ProductSummary } from './product.ts';
import { type ProductKind, productKind } from './product-kind.ts';

/**
 * What a grid card needs (spec section 3, card view model), small enough to send to islands:
 * no descriptions, one image, the variant id as the card id.
 */
export type CardView = {
  id: string;
  productId: string;
  title: string;
  category: 'Mystery Pack' | 'LOT' | 'Card';
  priceCents: number | null;
  /** The price before an offer, shown struck through; null unless above the price (decision 089). */
  compareAtCents: number | null;
  image: (ShownImage & { width: number | null; height: number | null }) | null;
  /** Stock; null when not tracked. */
  available: number | null;
  /** The stepper's limit: the stock, or 10 when stock is unknown. */
  maxQuantity: number;
  tags: string[];
  /** Card-fact badges: RC, AUTO, PATCH, /99, PSA 10 (decision 051). */
  badges: string[];
};

const CATEGORY_OF_KIND: Readonly<Record<ProductKind, CardView['category']>> = {
  card: 'Card',
  'mystery-pack': 'Mystery Pack',
  lot: 'LOT',
};

export const cardCategory = (product: Pick<ProductSummary, 'title' | 'productType'>): CardView['category'] =>
  CATEGORY_OF_KIND[productKind(product)];

export function toCardView(product: ProductSummary): CardView {
  const image = product.images[0];
  return {
    id: product.variantId || product.id,
    productId: product.id,
    title: product.title,
    category: cardCategory(product),
    priceCents: product.priceCents,
    compareAtCents: oldPrice(product),
    image: image
      ? {
          url: image.url,
          width: image.width,
          height: image.height,
          ...(image.variants ? { variants: image.variants } : {}),
        }
      : null,
    available: product.available,
    maxQuantity: product.available ?? DEFAULT_LIST_MAX,
    tags: product.tags.filter((tag) => tag !== 'offer'),
    badges: factBadges(product.facts),
  };
}

export const isSoldOut = (card: Pick<CardView, 'available'>) =>
  card.available !== null && card.available <= 0;
