import type { FactName } from '../card-facts.ts';

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
  'Variant Inventory Qty',
  'Image Src',
  'Image Position',
] as const;

/** The card facts' metafields: the same namespace and keys the Shopify adapter writes (decision 052). */
export const FACT_COLUMNS: ReadonlyArray<{ fact: FactName; key: string; label: string }> = [
  { fact: 'year', key: 'year', label: 'Year' },
  { fact: 'manufacturer', key: 'manufacturer', label: 'Manufacturer' },
  { fact: 'set', key: 'set', label: 'Set' },
  { fact: 'cardNumber', key: 'card_number', label: 'Card number' },
  { fact: 'parallel', key: 'parallel', label: 'Parallel' },
  { fact: 'rookie', key: 'rookie', label: 'Rookie' },
  { fact: 'autograph', key: 'autograph', label: 'Autograph' },
  { fact: 'patch', key: 'patch', label: 'Patch' },
  { fact: 'serialNumber', key: 'serial_number', label: 'Serial number' },
  { fact: 'printRun', key: 'print_run', label: 'Print run' },
  { fact: 'grader', key: 'grader', label: 'Grader' },
  { fact: 'grade', key: 'grade', label: 'Grade' },
  { fact: 'condition', key: 'condition', label: 'Condition' },
];

export const factColumnName = (column: { key: string; label: string }) =>
  `Card: ${column.label} (product.metafields.card.${column.key})`;

export const CSV_COLUMNS: readonly string[] = [...PRODUCT_COLUMNS, ...FACT_COLUMNS.map(factColumnName)];

/** Columns a file must have; the others may be left out (their values then stay as they are). */
export const REQUIRED_COLUMNS = ['Handle', 'Title', 'Variant Price'] as const;
