import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { foldText, latinSpellings, nameSortKey } from '../../domain/text.ts';
import type { CatalogPage, CatalogQuery } from '../../ports/commerce.ts';
import type { DB } from '../sqlite/schema.ts';
import { readProducts } from './read-products.ts';

type Base = SelectQueryBuilder<DB & { v: DB['variants'] }, 'products' | 'v', object>;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const contains = (text: string) => `%${likeEscape(text)}%`;

/** One page of the catalogue: the database filters, counts, sorts and pages; then one bulk read. */
export async function searchProducts(db: Kysely<DB>, query: CatalogQuery): Promise<CatalogPage> {
  let base = db
    .selectFrom('products')
    .leftJoin('variants as v', (join) =>
      join.onRef('v.product_id', '=', 'products.id').on('v.position', '=', 0),
    ) as unknown as Base;

  // Every word must match; a Greek word also matches the Latin spelling of a name ('Σλουκας' finds 'Sloukas').
  for (const word of foldText(query.search ?? '')
    .split(/\s+/)
    .filter(Boolean)) {
    const spellings = [...new Set([word, ...latinSpellings(word)])];
    base = base.where(({ or }) =>
      or(
        spellings.map(
          (spelling) => sql<boolean>`products.search_text LIKE ${contains(spelling)} ESCAPE '\\'`,
        ),
      ),
    );
  }
  if (query.titleContains) {
    base = base.where(
      sql<boolean>`products.title_key LIKE ${contains(nameSortKey(query.titleContains))} ESCAPE '\\'`,
    );
  }
  const tagKeys = (tags: readonly string[]) => [...new Set(tags.map(foldText))];
  if (query.teams) {
    const keys = tagKeys(query.teams);
    if (keys.length === 0) return emptyPage(query);
    // A plain IN subquery runs once over the (tag_key, product_id) index; a correlated EXISTS
    // made SQLite probe the tags of every product (160 ms instead of a few ms at 10k products).
    base = base.where(
      'products.id',
      'in',
      db
        .selectFrom('product_tags')
        .select('product_tags.product_id')
        .where('product_tags.tag_key', 'in', keys),
    );
  }
  if (query.tag) {
    const key = foldText(query.tag);
    base = base.where(
      'products.id',
      'in',
      db.selectFrom('product_tags').select('product_tags.product_id').where('product_tags.tag_key', '=', key),
    );
  }
  if (query.productType) base = base.where('products.product_type', '=', query.productType);
  if (query.titles) {
    if (query.titles.length === 0) return emptyPage(query);
    base = base.where('products.title', 'in', [...query.titles]);
  }
  if (query.minPriceCents !== undefined) base = base.where('v.price_cents', '>=', query.minPriceCents);
  if (query.maxPriceCents !== undefined) base = base.where('v.price_cents', '<=', query.maxPriceCents);

  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);

  let ordered = base.select('products.id');
  switch (query.sort) {
    case 'oldest':
      ordered = ordered.orderBy('products.id', 'asc');
      break;
    case 'name':
      ordered = ordered.orderBy('products.title_key', 'asc').orderBy('products.id', 'desc');
      break;
    case 'price-asc':
      ordered = ordered
        .orderBy(sql`v.price_cents IS NULL`)
        .orderBy('v.price_cents', 'asc')
        .orderBy('products.id', 'desc');
      break;
    case 'price-desc':
      ordered = ordered
        .orderBy(sql`v.price_cents IS NULL`)
        .orderBy('v.price_cents', 'desc')
        .orderBy('products.id', 'desc');
      break;
    default:
      ordered = ordered.orderBy('products.id', 'desc');
  }
  const rows = await ordered
    .limit(query.pageSize)
    .offset((page - 1) * query.pageSize)
    .execute();
  const ids = rows.map((row) => (row as { id: number }).id);
  const products = ids.length === 0 ? [] : await readProducts(db, (q) => q.where('id', 'in', ids));
  const position = new Map(ids.map((id, index) => [`gid://shop/Product/${id}`, index]));
  products.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { products, total, page, pageSize: query.pageSize, pageCount };
}

function emptyPage(query: CatalogQuery): CatalogPage {
  return { products: [], total: 0, page: 1, pageSize: query.pageSize, pageCount: 1 };
}
