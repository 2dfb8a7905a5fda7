import {
  type ExpressionBuilder,
  expressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { OFFER_TAG } from '../../domain/catalog/offers.ts';
import { KIND_TITLES, PRODUCT_TYPE_OF_KIND, type ProductKind } from '../../domain/catalog/product-kind.ts';
import {
  type CatalogPage,
  type CatalogQuery,
  type CatalogSort,
  searchWords,
} from '../../domain/catalog/query.ts';
import { foldText, latinSpellings, nameSortKey } from '../../domain/text/fold.ts';
import { allowsTypo, searchKey, typoNeighbours } from '../../domain/text/spelling.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { withFactFilter } from './fact-filters.ts';

type Base = SelectQueryBuilder<DB, 'products', object>;

/** The ids of one page, in order, and how many products match in all. */
export type SearchHits = { ids: number[]; total: number; page: number; pageCount: number };

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const contains = (text: string) => `%${likeEscape(text)}%`;
/** A phrase for FTS5: the word taken literally, whatever characters it holds. */
const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
/** The trigram index answers substrings of 3 or more characters; shorter words scan. */
const TRIGRAM = 3;

/**
 * One page of the catalogue, filtered, counted, sorted and paged by the database. Every filter and
 * sort runs on the products table (the list price is a column there), each sort through its own
 * index, and search words through the trigram index (SQLite: FTS5, migration 005; PostgreSQL:
 * pg_trgm, its migration 010).
 */
export async function searchProductIds(store: ShopDatabase, query: CatalogQuery): Promise<SearchHits> {
  const typos = await typoNeighboursOf(store.db, query);
  const base = filteredProducts(store, query, typos);
  if (!base) return { ids: [], total: 0, page: 1, pageCount: 1 };
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rank = typos.size > 0 ? exactFirst(store.dialect, query) : undefined;
  const rows = await sortedPage(base, query.sort, page, query.pageSize, rank).execute();
  return { ids: rows.map((row) => row.id), total, page, pageCount };
}

/** Per search word that allows a typo, the known name keys one typo away (decision 084). */
export async function typoNeighboursOf(db: Kysely<DB>, query: CatalogQuery): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const word of searchWords(query.search)) {
    const key = searchKey(word);
    if (key === null || !allowsTypo(word)) continue;
    const vocabulary = await db
      .selectFrom('search_vocabulary')
      .select('word')
      .where('letters', '>=', key.length - 1)
      .where('letters', '<=', key.length + 1)
      .execute();
    const near = typoNeighbours(
      key,
      vocabulary.map((row) => row.word),
    );
    if (near.length > 0) found.set(word, near);
  }
  return found;
}

/** The products a query's filters keep (null when none can match), not yet sorted. */
export function filteredProducts(
  store: ShopDatabase,
  asked: CatalogQuery,
  typos: ReadonlyMap<string, readonly string[]> = new Map(),
): Base | null {
  const { db, dialect } = store;
  const query = withoutNul(asked);
  if (!query) return null;
  let base = db.selectFrom('products') as Base;

  // Every word must match: as typed, as the Latin spelling of Greek ('Σλουκας' finds 'Sloukas'),
  // by its spelling key, or one typo away from a name.
  for (const word of searchWords(query.search)) {
    const near = typos.get(word);
    base = base.where((eb) => wordMatch(eb, dialect, word, query, near));
  }
  if (query.titleContains) {
    base = base.where(
      sql<boolean>`products.title_key LIKE ${contains(nameSortKey(query.titleContains))} ESCAPE '\\'`,
    );
  }
  const tagKeys = (tags: readonly string[]) => [...new Set(tags.map(foldText))];
  if (query.teams) {
    const keys = tagKeys(query.teams);
    if (keys.length === 0) return null;
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
    if (query.titles.length === 0) return null;
    base = base.where('products.title', 'in', [...query.titles]);
  }
  if (query.kind) base = base.where((eb) => kindMatch(eb, query.kind ?? 'card'));
  if (query.offer !== undefined) {
    const offers = db
      .selectFrom('product_tags')
      .select('product_tags.product_id')
      .where('product_tags.tag_key', '=', OFFER_TAG);
    base = base.where('products.id', query.offer ? 'in' : 'not in', offers);
  }
  if (query.stock) base = base.where('products.id', 'in', stockWithin(db, query.stock));
  if (query.minPriceCents !== undefined) base = base.where('products.price_cents', '>=', query.minPriceCents);
  if (query.maxPriceCents !== undefined) base = base.where('products.price_cents', '<=', query.maxPriceCents);
  if (query.facts) base = withFactFilter(base, query.facts);
  return base;
}

/**
 * The query without filter texts that hold a NUL character, or null when it can then match
 * nothing, the same on both databases: PostgreSQL's text cannot hold one (it would refuse the
 * query with an error), and SQLite's LIKE cut its pattern at it ('tatum\0' found 'Tatum' by its
 * end). Search words have no control characters (searchWords).
 */
function withoutNul(query: CatalogQuery): CatalogQuery | null {
  const storable = (text: string | undefined) => text === undefined || !text.includes('\u0000');
  const { titleContains, tag, productType, facts, teams, titles } = query;
  if (![titleContains, tag, productType, facts?.manufacturer, facts?.set].every(storable)) return null;
  return {
    ...query,
    ...(teams && { teams: teams.filter(storable) }),
    ...(titles && { titles: titles.filter(storable) }),
  };
}

/** A pack or a LOT by its exact title or its type; a card is neither (product-kind.ts). */
function kindMatch(eb: ExpressionBuilder<DB, 'products'>, kind: ProductKind) {
  const isKind = (of: Exclude<ProductKind, 'card'>) =>
    eb.or([
      eb('products.product_type', '=', PRODUCT_TYPE_OF_KIND[of]),
      eb('products.title', 'in', [...KIND_TITLES[of]]),
    ]);
  return kind === 'card' ? eb.not(eb.or([isKind('mystery-pack'), isKind('lot')])) : isKind(kind);
}

/** Products whose tracked stock (summed over locations) lies within the bounds. */
function stockWithin(db: Kysely<DB>, { min, max }: { min?: number; max?: number }) {
  let stocked = db
    .selectFrom('variants')
    .innerJoin('inventory_items', 'inventory_items.variant_id', 'variants.id')
    .leftJoin('inventory_levels', 'inventory_levels.inventory_item_id', 'inventory_items.id')
    .select('variants.product_id')
    .where('inventory_items.tracked', '=', 1)
    .where('variants.position', '=', 0)
    .groupBy('variants.product_id');
  const total = sql<number>`COALESCE(SUM(inventory_levels.available), 0)`;
  if (min !== undefined) stocked = stocked.having(total, '>=', min);
  if (max !== undefined) stocked = stocked.having(total, '<=', max);
  return stocked;
}

/**
 * A word's match: as typed or in Latin letters (the trigram index, or a scan for words under three
 * letters, which it cannot answer), by its spelling key (a range of search_words), and, given `near`, by a
 * name key one typo away. The indexed parts are one IN over a UNION ALL: an OR of two IN lists
 * made SQLite merge them in a temporary table, several times slower at 100k products, and an OR
 * of LIKE and an IN list made PostgreSQL read every row (18 ms instead of 2 at 10k products).
 */
function wordMatch(
  eb: ExpressionBuilder<DB, 'products'>,
  dialect: ShopDatabase['dialect'],
  word: string,
  query: CatalogQuery,
  near: readonly string[] = [],
) {
  const spellings = [...new Set([word, ...latinSpellings(word)])];
  const key = searchKey(word);
  const scans: Array<RawBuilder<SqlBool>> = [];
  const sources: Array<RawBuilder<unknown>> = [];
  const like = (column: 'name_text' | 'search_text') =>
    spellings.map(
      (spelling) => sql<SqlBool>`products.${sql.ref(column)} LIKE ${contains(spelling)} ESCAPE '\\'`,
    );
  // The dashboard's list (title and tags) is one sport's products: a scan of the short column.
  if (query.searchIn === 'names') scans.push(...like('name_text'));
  // PostgreSQL's trigram index (pg_trgm, its migration 010) answers LIKE itself; shorter words scan.
  else if (dialect === 'postgres')
    sources.push(
      sql`SELECT id FROM products AS searched WHERE ${sql.join(
        spellings.map((spelling) => sql`searched.search_text LIKE ${contains(spelling)} ESCAPE '\\'`),
        sql` OR `,
      )}`,
    );
  else if (spellings.every((spelling) => [...spelling].length >= TRIGRAM))
    sources.push(
      sql`SELECT rowid FROM products_fts WHERE products_fts MATCH ${spellings.map(phrase).join(' OR ')}`,
    );
  else scans.push(...like('search_text'));
  if (key !== null)
    sources.push(
      sql`SELECT product_id FROM search_words WHERE word >= ${key} AND word < ${`${key}\u{10ffff}`}`,
    );
  if (near.length > 0)
    sources.push(sql`SELECT product_id FROM search_words WHERE word IN (${sql.join([...near])})`);
  const parts = [...scans];
  // On PostgreSQL a bare IN becomes a semi-join, which under a page's LIMIT may compare every
  // product of the other filters with every match (seconds when few or none match, as a search
  // within teams it never names); IS TRUE keeps it a sub-plan, hashed once (decision 093).
  if (sources.length > 0) {
    const matched = sql<SqlBool>`products.id IN (${sql.join(sources, sql` UNION ALL `)})`;
    parts.push(dialect === 'postgres' ? sql<SqlBool>`(${matched}) IS TRUE` : matched);
  }
  return eb.or(parts);
}

/** 0 for a product every search word finds without a typo, 1 otherwise: the first sort key. */
function exactFirst(dialect: ShopDatabase['dialect'], query: CatalogQuery) {
  const eb = expressionBuilder<DB, 'products'>();
  const exact = eb.and(searchWords(query.search).map((word) => wordMatch(eb, dialect, word, query)));
  return sql<number>`CASE WHEN ${exact} THEN 0 ELSE 1 END`;
}

/**
 * One page of ids in a sort's order; each order matches an index term by term (SQLite's migration
 * 005, PostgreSQL's 007), and gives the same order on both: the unpriced come last through their
 * own first key (not through where each database puts NULL), and names compare by their sort key
 * byte by byte (SQLite's BINARY, PostgreSQL's COLLATE "C").
 */
export function sortedPage(
  base: Base,
  sort: CatalogSort,
  page: number,
  pageSize: number,
  rank?: RawBuilder<number>,
) {
  let ordered = base.select('products.id');
  if (rank) ordered = ordered.orderBy(rank);
  switch (sort) {
    case 'oldest':
      ordered = ordered.orderBy('products.id', 'asc');
      break;
    case 'name':
      ordered = ordered.orderBy('products.title_key', 'asc').orderBy('products.id', 'desc');
      break;
    case 'price-asc':
      ordered = ordered
        .orderBy(sql`(price_cents IS NULL)`)
        .orderBy('products.price_cents', 'asc')
        .orderBy('products.id', 'desc');
      break;
    case 'price-desc':
      ordered = ordered
        .orderBy(sql`(price_cents IS NULL)`)
        .orderBy('products.price_cents', 'desc')
        .orderBy('products.id', 'desc');
      break;
    default:
      ordered = ordered.orderBy('products.id', 'desc');
  }
  return ordered.limit(pageSize).offset((page - 1) * pageSize);
}

export function toCatalogPage(
  hits: SearchHits,
  products: CatalogPage['products'],
  pageSize: number,
): CatalogPage {
  const position = new Map(hits.ids.map((id, index) => [`gid://shop/Product/${id}`, index]));
  const ordered = [...products].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { products: ordered, total: hits.total, page: hits.page, pageSize, pageCount: hits.pageCount };
}
