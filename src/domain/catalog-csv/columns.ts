import { FACT_KEYS } from '../card-facts/facts.ts';

/**
 * The catalogue CSV (decision 053): Shopify's product CSV columns the shop has data for, then one
 * metafield column per card fact, named as Shopify names metafield columns in its own export.
 */
export const PRODUCT_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Inventory Qty',
  'Image Src',
  'Image Position',
] as const;

export const factColumnName = (column: { key: string; label: string }) =>
  `Card: ${column.label} (product.metafields.card.${column.key})`;

export const CSV_COLUMNS: readonly string[] = [...PRODUCT_COLUMNS, ...FACT_KEYS.map(factColumnName)];

/** Columns a file must have; the others may be left out (their values then stay as they are). */
export const REQUIRED_COLUMNS = ['Handle', 'Title', 'Variant Price'] as const;

/**
 * Columns of Shopify's own product export that this shop has no place for (variants beyond the
 * first, SEO, shipping, markets, other metafields): a file exported from a Shopify store imports
 * with them left aside, each named in a notice. Any other unknown column is an error, since it is
 * most likely a misspelt one of ours.
 */
const SHOPIFY_OTHER_COLUMNS = new Set([
  'Product Category',
  'Option1 Name',
  'Option1 Value',
  'Option1 Linked To',
  'Option2 Name',
  'Option2 Value',
  'Option2 Linked To',
  'Option3 Name',
  'Option3 Value',
  'Option3 Linked To',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Variant Image',
  'Variant Weight Unit',
  'Variant Tax Code',
  'Unit Price Total Measure',
  'Unit Price Total Measure Unit',
  'Unit Price Base Measure',
  'Unit Price Base Measure Unit',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Cost per item',
  'Status',
]);
const SHOPIFY_OTHER_PATTERNS = [
  // Markets: "Included / Greece", "Price / Greece", "Compare At Price / Greece".
  /^(Included|Price|Compare At Price) \/ .+$/,
  /^Google Shopping \/ .+$/,
  // Metafields of any namespace but the card facts' own.
  /^.+ \((product|variant)\.metafields\.(?!card\.)[\w-]+\.[\w-]+\)$/,
];

/** Whether `name` is a column of Shopify's product export that the import leaves aside. */
export function isIgnoredShopifyColumn(name: string): boolean {
  return SHOPIFY_OTHER_COLUMNS.has(name) || SHOPIFY_OTHER_PATTERNS.some((pattern) => pattern.test(name));
}
