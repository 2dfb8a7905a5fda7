import { canAdd, stepperState } from '../cart/cart-rules.ts';
import { type CardView, toCardView } from './card-view.ts';
import { hasOfferTag, OFFER_TAG } from './offers.ts';
import type { ProductSummary } from './product.ts';
import { productKind } from './product-kind.ts';
import type { CatalogQuery } from './query.ts';

/** The three card grids (spec section 2): /mystery-packs, /LOT and /offers. */
export const GRID_KINDS = ['mystery-packs', 'lot', 'offers'] as const;
export type GridKind = (typeof GRID_KINDS)[number];

export const isGridKind = (value: string): value is GridKind =>
  (GRID_KINDS as readonly string[]).includes(value);

export const OFFER_PRODUCT_TYPE = 'Card';

type Selectable = Pick<ProductSummary, 'title' | 'tags' | 'productType'>;

/** Mystery packs: the spec's exact titles, or the type 'Mystery Pack' (decision 089). */
export const isMysteryPack = (product: Selectable) => productKind(product) === 'mystery-pack';

/** Lots: a title in the fixed LOT list (spec section 2), or the type 'LOT' (decision 089). */
export const isLot = (product: Selectable) => productKind(product) === 'lot';

/**
 * Offers are tagged 'offer' with productType 'Card' (spec section 5). Tags compare folded, as the
 * catalogue's tag filter does, so the build and the live endpoint pick the same products.
 */
export const isOffer = (product: Selectable) =>
  product.productType === OFFER_PRODUCT_TYPE && hasOfferTag(product.tags);

const SELECTORS: Record<GridKind, (product: Selectable) => boolean> = {
  'mystery-packs': isMysteryPack,
  lot: isLot,
  offers: isOffer,
};

/** The same selections as catalogue filters, for the live endpoint (the database does the work). */
export const GRID_FILTERS: Record<GridKind, Pick<CatalogQuery, 'kind' | 'tag' | 'productType'>> = {
  'mystery-packs': { kind: 'mystery-pack' },
  lot: { kind: 'lot' },
  offers: { tag: OFFER_TAG, productType: OFFER_PRODUCT_TYPE },
};

/** Every card on a grid page shows the grid's category, whatever the product type says. */
export const GRID_CATEGORY: Record<GridKind, CardView['category']> = {
  'mystery-packs': 'Mystery Pack',
  lot: 'LOT',
  offers: 'Card',
};

export const toGridCard = (kind: GridKind, product: ProductSummary): CardView => ({
  ...toCardView(product),
  category: GRID_CATEGORY[kind],
});

/** The cards of one grid, in the order given (the catalogue comes newest first). */
export function gridCards(kind: GridKind, products: readonly ProductSummary[]): CardView[] {
  return products.filter(SELECTORS[kind]).map((product) => toGridCard(kind, product));
}

/**
 * How many to add from a grid card's stepper, or null when the add would pass the stock: on list
 * pages such an add is ignored without a message (spec section 5).
 */
export function gridAddQuantity(selected: number, maxQuantity: number, inCart: number): number | null {
  const { value } = stepperState(selected, maxQuantity, inCart);
  return canAdd(value, inCart, maxQuantity) ? value : null;
}
