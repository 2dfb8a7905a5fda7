import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Product, ProductSummary } from '../../domain/catalog/product.ts';
import { type MediaUrlSettings, shownImage } from '../../domain/media/responsive-image.ts';
import type { DB } from '../database/schema.ts';
import { toGid } from '../sqlite/ids.ts';
import { FACT_READ_COLUMNS, factsOfRow } from './fact-columns.ts';

/**
 * The columns a ProductSummary is made of. The search text and the folded keys are left out: only
 * the queries' filters read them, and at 100k products the search text alone is 26 MB per read.
 */
const SUMMARY_COLUMNS = [
  'id',
  'title',
  'product_type',
  'created_at',
  'updated_at',
  'handle',
  ...FACT_READ_COLUMNS,
] as const;

/**
 * A Product's further columns. Decoding them is most of a whole-catalogue read: at 100k products
 * 0.6–0.8 s with them against 0.15 s without (decision 070).
 */
const DESCRIPTION_COLUMNS = ['description_html', 'description_text'] as const;

type SummaryRow = Pick<Selectable<DB['products']>, (typeof SUMMARY_COLUMNS)[number]>;
type DescriptionRow = Pick<Selectable<DB['products']>, (typeof DESCRIPTION_COLUMNS)[number]>;
type ProductQuery = SelectQueryBuilder<DB, 'products', SummaryRow>;

/**
 * Products with everything that hangs off them; `narrow` picks which, in which order. `mediaUrls`
 * says where browsers fetch the images (shownImage).
 */
export async function readProducts(
  db: Kysely<DB>,
  narrow: (query: ProductQuery) => ProductQuery,
  mediaUrls: MediaUrlSettings,
): Promise<Product[]> {
  const rows = await narrow(db.selectFrom('products').select(SUMMARY_COLUMNS))
    .select(DESCRIPTION_COLUMNS)
    .execute();
  const summaries = await summariesOf(db, rows, mediaUrls);
  return summaries.map((summary, at) => {
    const row = rows[at] as DescriptionRow;
    return { ...summary, description: row.description_text, descriptionHtml: row.description_html };
  });
}

/** Products as listings show them, without their descriptions; `narrow` as for readProducts. */
export async function readProductSummaries(
  db: Kysely<DB>,
  narrow: (query: ProductQuery) => ProductQuery,
  mediaUrls: MediaUrlSettings,
): Promise<ProductSummary[]> {
  return summariesOf(
    db,
    await narrow(db.selectFrom('products').select(SUMMARY_COLUMNS)).execute(),
    mediaUrls,
  );
}

/**
 * The rows' products, with their tags, variant, stock and images read in three set-based queries
 * (no N+1), in the rows' order.
 */
async function summariesOf(
  db: Kysely<DB>,
  rows: readonly SummaryRow[],
  mediaUrls: MediaUrlSettings,
): Promise<ProductSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const inIds = ids.length > 900 ? null : ids; // SQLite caps bound parameters; past that read all rows.

  const [tags, variants, media] = await Promise.all([
    withIds(db.selectFrom('product_tags').select(['product_id', 'tag']).orderBy('position'), inIds).execute(),
    withIds(
      db
        .selectFrom('variants')
        .innerJoin('inventory_items', 'inventory_items.variant_id', 'variants.id')
        .leftJoin('inventory_levels', 'inventory_levels.inventory_item_id', 'inventory_items.id')
        .select((eb) => [
          'variants.product_id',
          'variants.id as variant_id',
          'variants.price_cents',
          'variants.compare_at_cents',
          'variants.position',
          'inventory_items.id as item_id',
          'inventory_items.tracked',
          eb.fn.sum<number | null>('inventory_levels.available').as('available'),
        ])
        .groupBy(['variants.id', 'inventory_items.id'])
        .orderBy('variants.position'),
      inIds,
      'variants.product_id',
    ).execute(),
    withIds(
      db
        .selectFrom('product_media')
        .innerJoin('media', 'media.id', 'product_media.media_id')
        .select([
          'product_media.product_id',
          'media.id',
          'media.file_name',
          'media.width',
          'media.height',
          'product_media.alt',
        ])
        .orderBy('product_media.position'),
      inIds,
      'product_media.product_id',
    ).execute(),
  ]);

  const tagsOf = groupBy(tags, (tag) => tag.product_id);
  const variantsOf = groupBy(variants, (variant) => variant.product_id);
  const mediaOf = groupBy(media, (item) => item.product_id);

  return rows.map((row) => {
    const variant = variantsOf.get(row.id)?.[0];
    return {
      id: toGid('Product', row.id),
      handle: row.handle ?? '',
      title: row.title,
      tags: (tagsOf.get(row.id) ?? []).map((tag) => tag.tag),
      productType: row.product_type,
      images: (mediaOf.get(row.id) ?? []).map((item) => ({
        id: toGid('MediaImage', item.id),
        ...shownImage(mediaUrls, item.file_name),
        alt: item.alt || row.title,
        width: item.width,
        height: item.height,
      })),
      variantId: variant ? toGid('ProductVariant', variant.variant_id) : '',
      inventoryItemId: variant ? toGid('InventoryItem', variant.item_id) : '',
      priceCents: variant?.price_cents ?? null,
      compareAtCents: variant?.compare_at_cents ?? null,
      available: variant?.tracked ? Number(variant.available ?? 0) : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      facts: factsOfRow(row),
    };
  });
}

// biome-ignore lint/suspicious/noExplicitAny: narrows any query that has a product id column.
function withIds<Q extends SelectQueryBuilder<DB, any, any>>(
  query: Q,
  ids: number[] | null,
  column = 'product_id',
): Q {
  // biome-ignore lint/suspicious/noExplicitAny: the column name is checked by the callers above.
  return ids ? (query.where(column as any, 'in', ids) as Q) : query;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
