import { LOT_TITLES, MYSTERY_PACK_TITLES } from './title-lists.ts';

/**
 * What a product is, for the grids and the dashboard (decision 089). The spec knows mystery packs
 * and LOTs by their exact titles; a product the owner creates in the dashboard is known by its
 * type too, so a new pack or LOT can be sold without joining a fixed list.
 */
export const PRODUCT_KINDS = ['card', 'mystery-pack', 'lot'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The product type (Shopify's productType) each kind is saved with. */
export const PRODUCT_TYPE_OF_KIND: Readonly<Record<ProductKind, string>> = {
  card: 'Card',
  'mystery-pack': 'Mystery Pack',
  lot: 'LOT',
};

export const PRODUCT_KIND_LABELS: Readonly<Record<ProductKind, string>> = {
  card: 'Κάρτα',
  'mystery-pack': 'Mystery Pack',
  lot: 'LOT',
};

export const isProductKind = (value: string): value is ProductKind =>
  (PRODUCT_KINDS as readonly string[]).includes(value);

/** The exact titles that make a product a pack or a LOT whatever its type (spec sections 1 and 2). */
export const KIND_TITLES: Readonly<Record<Exclude<ProductKind, 'card'>, readonly string[]>> = {
  'mystery-pack': MYSTERY_PACK_TITLES,
  lot: LOT_TITLES,
};

export function productKind(product: { title: string; productType: string }): ProductKind {
  for (const kind of ['mystery-pack', 'lot'] as const)
    if (product.productType === PRODUCT_TYPE_OF_KIND[kind] || KIND_TITLES[kind].includes(product.title))
      return kind;
  return 'card';
}
