import { stringify } from 'csv-stringify/sync';
import { FACT_KEYS } from '../card-facts/facts.ts';
import type { Product } from '../catalog/product.ts';
import { centsToAmount } from '../text/money.ts';
import { CSV_COLUMNS, PRODUCT_COLUMNS } from './columns.ts';
import { neutraliseCell } from './spreadsheet-cells.ts';

const BOM = '\uFEFF';
const flag = (value: boolean) => (value ? 'TRUE' : 'FALSE');

/** A fact's cell: booleans as Shopify writes them, numbers as plain text, unset as empty. */
function factCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : '';
  return String(value);
}

/**
 * The catalogue as Shopify's product CSV: one row per product with its first image, then one row
 * per further image (Handle, Image Src, Image Position only), as Shopify exports. UTF-8 with a BOM,
 * so spreadsheet programs read the Greek text right; image URLs made absolute on `origin`. No cell
 * runs as a formula in a spreadsheet (../spreadsheet-cells.ts); the import reads them back as written.
 */
export function catalogToCsv(products: readonly Product[], origin: string): string {
  const rows: string[][] = [];
  for (const product of products) {
    const images = product.images.map((image) => new URL(image.url, origin).href);
    rows.push([
      product.handle,
      product.title,
      product.descriptionHtml,
      product.facts.manufacturer ?? '',
      product.productType,
      product.tags.join(', '),
      flag(true),
      product.priceCents === null ? '' : centsToAmount(product.priceCents),
      product.compareAtCents === null ? '' : centsToAmount(product.compareAtCents),
      product.available === null ? '' : String(product.available),
      images[0] ?? '',
      images.length > 0 ? '1' : '',
      ...FACT_KEYS.map((column) => factCell(product.facts[column.fact])),
    ]);
    images.slice(1).forEach((url, index) => {
      const cells: Partial<Record<(typeof PRODUCT_COLUMNS)[number], string>> = {
        Handle: product.handle,
        'Image Src': url,
        'Image Position': String(index + 2),
      };
      rows.push([...PRODUCT_COLUMNS.map((name) => cells[name] ?? ''), ...FACT_KEYS.map(() => '')]);
    });
  }
  const cells = rows.map((row) => row.map(neutraliseCell));
  return BOM + stringify([[...CSV_COLUMNS], ...cells], { record_delimiter: '\r\n' });
}
