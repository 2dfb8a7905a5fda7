import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { handleize, uniqueHandle } from '../../domain/catalog/handle.ts';
import {
  type ProductInput,
  parseProductInput,
  type ValidProductInput,
} from '../../domain/catalog/product.ts';
import { AppError } from '../../domain/errors.ts';
import { foldText, htmlToText, nameSortKey } from '../../domain/text/fold.ts';
import { nameKeys } from '../../domain/text/spelling.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { lockKey } from '../postgres/advisory-lock.ts';
import { planAgain } from '../postgres/plans.ts';
import { requireGid } from '../sqlite/ids.ts';
import { lookWithin, WRITES_PER_LOOK } from '../sqlite/planner-statistics.ts';
import { factColumns } from './fact-columns.ts';

type Parsed = ValidProductInput;
const parseInput = parseProductInput;

/** Creates a product with its variant (policy DENY), tracked inventory, tags and media in one transaction. */
export async function insertProduct(store: ShopDatabase, input: ProductInput): Promise<number> {
  const data = parseInput(input);
  return store.transaction((trx) => insertIn(store, trx, data));
}

/** insertProduct's work inside a transaction the caller holds. */
async function insertIn(store: ShopDatabase, trx: Transaction<DB>, data: Parsed): Promise<number> {
  {
    const now = new Date().toISOString();
    const handle = await freeHandle(store, trx, data, null);
    const { id } = await trx
      .insertInto('products')
      .values({ ...productColumns(data), handle, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const variant = await trx
      .insertInto('variants')
      .values({
        product_id: id,
        price_cents: data.priceCents,
        compare_at_cents: data.compareAtCents,
        inventory_policy: 'DENY',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await trx
      .insertInto('inventory_items')
      .values({ variant_id: variant.id, tracked: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('inventory_levels')
      .values({
        inventory_item_id: item.id,
        location_id: await defaultLocation(trx),
        available: data.quantity,
      })
      .execute();
    await writeTags(trx, id, data.tags);
    await writeSearchWords(trx, id, data);
    await writeMedia(trx, id, data.mediaIds, data.title);
    return id;
  }
}

/** Replaces a product's fields, price, stock, tags and media in one transaction. */
export async function replaceProduct(
  store: ShopDatabase,
  productId: number,
  input: ProductInput,
): Promise<void> {
  const data = parseInput(input);
  await store.transaction((trx) => replaceIn(store, trx, productId, data));
}

/** replaceProduct's work inside a transaction the caller holds. */
async function replaceIn(
  store: ShopDatabase,
  trx: Transaction<DB>,
  productId: number,
  data: Parsed,
): Promise<void> {
  {
    const handle = data.handle === undefined ? {} : { handle: await freeHandle(store, trx, data, productId) };
    const updated = await trx
      .updateTable('products')
      .set({ ...productColumns(data), ...handle, updated_at: new Date().toISOString() })
      .where('id', '=', productId)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new AppError('not_found', 'Το προϊόν δεν βρέθηκε');
    const variant = await trx
      .selectFrom('variants')
      .innerJoin('inventory_items', 'inventory_items.variant_id', 'variants.id')
      .select(['variants.id as variant_id', 'inventory_items.id as item_id'])
      .where('variants.product_id', '=', productId)
      .orderBy('variants.position')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('variants')
      .set({ price_cents: data.priceCents, compare_at_cents: data.compareAtCents })
      .where('id', '=', variant.variant_id)
      .execute();
    await trx
      .insertInto('inventory_levels')
      .values({
        inventory_item_id: variant.item_id,
        location_id: await defaultLocation(trx),
        available: data.quantity,
      })
      .onConflict((conflict) =>
        conflict.columns(['inventory_item_id', 'location_id']).doUpdateSet({ available: data.quantity }),
      )
      .execute();
    await trx.deleteFrom('product_tags').where('product_id', '=', productId).execute();
    await writeTags(trx, productId, data.tags);
    await trx.deleteFrom('search_words').where('product_id', '=', productId).execute();
    await writeSearchWords(trx, productId, data);
    await trx.deleteFrom('product_media').where('product_id', '=', productId).execute();
    await writeMedia(trx, productId, data.mediaIds, data.title);
  }
}

/** A whole import in one transaction: every item is written, or none (decision 053). */
export async function importAll(
  store: ShopDatabase,
  items: ReadonlyArray<{ id: number | null; input: ProductInput }>,
  onProgress: (done: number) => void,
): Promise<{ created: number; updated: number }> {
  const parsed = items.map((item) => ({ id: item.id, data: parseInput(item.input) }));
  return store.transaction(async (trx) => {
    let created = 0;
    let updated = 0;
    for (const [index, item] of parsed.entries()) {
      // Keeping plans current: SQLite's statistics after every WRITES_PER_LOOK products (decision
      // 072), PostgreSQL's plans before the first and then as often (decision 110).
      if (store.dialect === 'postgres' && index % WRITES_PER_LOOK === 0) await planAgain(trx);
      if (item.id === null) {
        await insertIn(store, trx, item.data);
        created += 1;
      } else {
        await replaceIn(store, trx, item.id, item.data);
        updated += 1;
      }
      if ((index + 1) % 100 === 0 || index + 1 === parsed.length) onProgress(index + 1);
      if (store.dialect === 'sqlite' && (index + 1) % WRITES_PER_LOOK === 0) await lookWithin(trx);
    }
    return { created, updated };
  });
}

export async function removeProduct(db: Kysely<DB>, productId: number): Promise<void> {
  const deleted = await db.deleteFrom('products').where('id', '=', productId).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new AppError('not_found', 'Το προϊόν δεν βρέθηκε');
}

function productColumns(data: Parsed) {
  const descriptionText = htmlToText(data.descriptionHtml);
  return {
    title: data.title,
    description_html: data.descriptionHtml,
    description_text: descriptionText,
    product_type: data.productType,
    search_text: foldText([data.title, ...data.tags, descriptionText].join('\n')),
    name_text: foldText([data.title, ...data.tags].join('\n')),
    title_key: nameSortKey(data.title),
    ...factColumns(data.facts),
  };
}

async function writeTags(trx: Transaction<DB>, productId: number, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  await trx
    .insertInto('product_tags')
    .values(tags.map((tag, position) => ({ product_id: productId, position, tag, tag_key: foldText(tag) })))
    .execute();
}

/** The product's name keys, which search finds spellings and typos by (migration 019). */
async function writeSearchWords(trx: Transaction<DB>, productId: number, data: Parsed): Promise<void> {
  const words = nameKeys([data.title, ...data.tags]);
  if (words.length === 0) return;
  await trx
    .insertInto('search_words')
    .values(words.map((word) => ({ word, product_id: productId })))
    .execute();
}

async function writeMedia(
  trx: Transaction<DB>,
  productId: number,
  mediaIds: readonly string[],
  title: string,
) {
  if (mediaIds.length === 0) return;
  const ids = mediaIds.map((gid) => requireGid('MediaImage', gid));
  const found = await trx.selectFrom('media').select('id').where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size || found.length !== ids.length) {
    throw new AppError('invalid', 'Μία ή περισσότερες εικόνες δεν βρέθηκαν.');
  }
  await trx
    .insertInto('product_media')
    .values(
      ids.map((mediaId, position) => ({ product_id: productId, position, media_id: mediaId, alt: title })),
    )
    .execute();
}

/**
 * The handle a write gives the product: the one asked for (a conflict when another product has
 * it), or for a new product one made from its title, unique with -2, -3 ...
 */
async function freeHandle(
  store: ShopDatabase,
  trx: Transaction<DB>,
  data: Parsed,
  productId: number | null,
): Promise<string> {
  const owner = async (handle: string) =>
    (await trx.selectFrom('products').select('id').where('handle', '=', handle).executeTakeFirst())?.id;
  if (data.handle !== undefined) {
    const holder = await owner(data.handle);
    if (holder !== undefined && holder !== productId)
      throw new AppError('conflict', `Το handle «${data.handle}» ανήκει ήδη σε άλλο προϊόν.`, {
        handle: 'taken',
      });
    return data.handle;
  }
  const base = handleize(data.title);
  // SQLite runs one write transaction at a time. On PostgreSQL two products with one title, saved
  // at once from two instances, would both pick the same free handle: they take turns per base.
  if (store.dialect === 'postgres') await lockKey(trx, 'product-handle', base);
  const taken = new Set(
    (await trx.selectFrom('products').select('handle').where(handleOrNumbered(base)).execute()).map(
      (row) => row.handle,
    ),
  );
  return uniqueHandle(base, (candidate) => taken.has(candidate));
}

/**
 * `base` and every handle that starts with `base-`, as a range on the handle index: `LIKE 'base-%'`
 * cannot use it (LIKE ignores case) and read the whole index for each new product, which made
 * seeding 100,000 products quadratic. Handles are compared byte for byte; `.` follows `-`.
 */
export function handleOrNumbered(base: string) {
  return (eb: ExpressionBuilder<DB, 'products'>) =>
    eb.or([eb('handle', '=', base), eb.and([eb('handle', '>=', `${base}-`), eb('handle', '<', `${base}.`)])]);
}

async function defaultLocation(trx: Transaction<DB>): Promise<number> {
  const location = await trx.selectFrom('locations').select('id').orderBy('id').executeTakeFirst();
  if (!location) throw new AppError('unavailable', 'Δεν βρέθηκε έγκυρο locationId');
  return location.id;
}
