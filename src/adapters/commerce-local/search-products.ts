import {
  type ExpressionBuilder,
  expressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import {
  type CatalogPage,
  type CatalogQuery,
  type CatalogSort,
  searchWords,
} from '../../domain/catalog/query.ts';
import { foldText, latinSpellings, nameSortKey } from '../../domain/text/fold.ts';
import { allowsTypo, searchKey, typoNeighbours } from '../../domain/text/spelling.ts';
import type { DB } from '../sqlite/schema.ts';
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
 * index, and search words through the trigram index (migration 005).
 */
export async function searchProductIds(db: Kysely<DB>, query: CatalogQuery): Promise<SearchHits> {
  const typos = await typoNeighboursOf(db, query);
  const base = filteredProducts(db, query, typos);
  if (!base) return { ids: [], total: 0, page: 1, pageCount: 1 };
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rank = typos.size > 0 ? exactFirst(query) : undefined;
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
  db: Kysely<DB>,
  query: CatalogQuery,
  typos: ReadonlyMap<string, readonly string[]> = new Map(),
): Base | null {
  let base = db.selectFrom('products') as Base;

  // Every word must match: as typed, as the Latin spelling of Greek ('Σλουκας' finds 'Sloukas'),
  // by its spelling key, or one typo away from a name.
  for (const word of searchWords(query.search)) {
    const near = typos.get(word);
    base = base.where((eb) =>
      near ? eb.or([wordMatch(eb, word, query), wordsOf(eb, near)]) : wordMatch(eb, word, query),
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
  if (query.minPriceCents !== undefined) base = base.where('products.price_cents', '>=', query.minPriceCents);
  if (query.maxPriceCents !== undefined) base = base.where('products.price_cents', '<=', query.maxPriceCents);
  if (query.facts) base = withFactFilter(base, query.facts);
  return base;
}

/** A word found without a typo: in the text as typed or in Latin letters, or by its spelling key. */
function wordMatch(eb: ExpressionBuilder<DB, 'products'>, word: string, query: CatalogQuery) {
  const spellings = [...new Set([word, ...latinSpellings(word)])];
  const key = searchKey(word);
  const text = textMatch(eb, spellings, query.searchIn === 'names');
  return key === null ? text : eb.or([text, wordsStartingWith(eb, key)]);
}

function textMatch(eb: ExpressionBuilder<DB, 'products'>, spellings: readonly string[], namesOnly: boolean) {
  // The dashboard's list (title and tags) is one sport's products: a scan of the short column.
  if (namesOnly)
    return eb.or(
      spellings.map((spelling) => sql<SqlBool>`products.name_text LIKE ${contains(spelling)} ESCAPE '\\'`),
    );
  if (spellings.every((spelling) => [...spelling].length >= TRIGRAM)) {
    const match = spellings.map(phrase).join(' OR ');
    return eb(
      'products.id',
      'in',
      sql<number>`(SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})`,
    );
  }
  return eb.or(
    spellings.map((spelling) => sql<SqlBool>`products.search_text LIKE ${contains(spelling)} ESCAPE '\\'`),
  );
}

/** Products with a name key that starts with `key`: a range of search_words' primary key. */
function wordsStartingWith(eb: ExpressionBuilder<DB, 'products'>, key: string) {
  return eb(
    'products.id',
    'in',
    eb
      .selectFrom('search_words')
      .select('search_words.product_id')
      .where('search_words.word', '>=', key)
      .where('search_words.word', '<', `${key}\u{10ffff}`),
  );
}

function wordsOf(eb: ExpressionBuilder<DB, 'products'>, words: readonly string[]) {
  return eb(
    'products.id',
    'in',
    eb.selectFrom('search_words').select('search_words.product_id').where('search_words.word', 'in', words),
  );
}

/** 0 for a product every search word finds without a typo, 1 otherwise: the first sort key. */
function exactFirst(query: CatalogQuery) {
  const eb = expressionBuilder<DB, 'products'>();
  const exact = eb.and(searchWords(query.search).map((word) => wordMatch(eb, word, query)));
  return sql<number>`CASE WHEN ${exact} THEN 0 ELSE 1 END`;
}

/** One page of ids in a sort's order; each order matches an index of migration 005 term by term. */
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
