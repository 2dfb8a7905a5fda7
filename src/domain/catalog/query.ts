import type { FactFilter } from '../card-facts/filter.ts';
import { matchesFactFilter } from '../card-facts/filter.ts';
import { foldText, latinSpellings, nameSortKey } from '../text/fold.ts';
import { allowsTypo, keyMatch, nameKeys, searchKey } from '../text/spelling.ts';
import { OFFER_TAG } from './offers.ts';
import type { Product } from './product.ts';
import { idTail } from './product-id.ts';
import { type ProductKind, productKind } from './product-kind.ts';

export const CATALOG_SORTS = ['newest', 'oldest', 'name', 'price-asc', 'price-desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Filters, sort and page for the singles browser, search and the admin list; all run on the server. */
export type CatalogQuery = {
  /**
   * Every word must appear in the title, a team tag or the description (case and accents ignored),
   * or be spelled like a word of the title or tags, Greek or Latin, with at most one typo in words
   * of five letters or more; products that need no typo come first (decision 084).
   */
  search?: string;
  /** 'names': search words look in the title and team tags only (the dashboard's list, spec 11). */
  searchIn?: 'names';
  /** Any of these team tags (case and accents ignored). */
  teams?: readonly string[];
  /** The title must contain this text (a player's name). */
  titleContains?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  productType?: string;
  tag?: string;
  /** Only products with one of these exact titles (the LOT list). */
  titles?: readonly string[];
  /** Cards, mystery packs or LOTs, by exact title or product type (product-kind.ts). */
  kind?: ProductKind;
  /** Tagged 'offer' (true) or not (false). */
  offer?: boolean;
  /** Tracked stock within these bounds, inclusive: sold out is { max: 0 }. Untracked never matches. */
  stock?: { min?: number; max?: number };
  /** Card facts: year range, maker and set, RC, autograph, patch, numbering, grade, condition. */
  facts?: FactFilter;
  sort: CatalogSort;
  page: number;
  pageSize: number;
};

export type CatalogPage = {
  products: Product[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

/**
 * The catalogue query's meaning as plain functions, for a backend that cannot run all of it
 * itself (Shopify's search has no accent folding, substring match or Greek collation). The
 * embedded engine runs the same rules in SQL; the commerce contract suite holds both to them.
 */
export function matchesCatalogQuery(product: Product, query: CatalogQuery): boolean {
  if (searchMatch(product, query) === null) return false;
  if (query.titleContains && !foldText(product.title).includes(foldText(query.titleContains))) return false;
  const tagKeys = product.tags.map(foldText);
  if (query.teams && !query.teams.some((team) => tagKeys.includes(foldText(team)))) return false;
  if (query.tag !== undefined && !tagKeys.includes(foldText(query.tag))) return false;
  if (query.productType !== undefined && product.productType !== query.productType) return false;
  if (query.titles && !query.titles.includes(product.title)) return false;
  if (query.kind !== undefined && productKind(product) !== query.kind) return false;
  if (query.offer !== undefined && tagKeys.includes(OFFER_TAG) !== query.offer) return false;
  if (query.stock && !withinStock(product.available, query.stock)) return false;
  if (query.minPriceCents !== undefined && (product.priceCents ?? -1) < query.minPriceCents) return false;
  if (
    query.maxPriceCents !== undefined &&
    (product.priceCents === null || product.priceCents > query.maxPriceCents)
  )
    return false;
  if (query.facts && !matchesFactFilter(product.facts, query.facts)) return false;
  return true;
}

function withinStock(available: number | null, { min, max }: { min?: number; max?: number }): boolean {
  if (available === null) return false;
  return (min === undefined || available >= min) && (max === undefined || available <= max);
}

/** The words of a search as the shop splits them: folded, control characters as spaces. */
export function searchWords(search: string | undefined): string[] {
  return foldText((search ?? '').replace(/\p{Cc}/gu, ' '))
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * How a product answers a query's search words: 'exact' when each word appears as typed (or as a
 * Latin spelling of Greek) or is spelled like a name, 'typo' when some word needs its one typo,
 * null when a word is not found. No search words: 'exact'.
 */
export function searchMatch(product: Product, query: CatalogQuery): 'exact' | 'typo' | null {
  const words = searchWords(query.search);
  if (words.length === 0) return 'exact';
  const names = [product.title, ...product.tags];
  const text = foldText((query.searchIn === 'names' ? names : [...names, product.description]).join('\n'));
  const keys = nameKeys(names);
  let result: 'exact' | 'typo' = 'exact';
  for (const word of words) {
    if ([word, ...latinSpellings(word)].some((spelling) => text.includes(spelling))) continue;
    const key = searchKey(word);
    const match = key === null ? null : keyMatch(key, keys, allowsTypo(word));
    if (match === null) return null;
    if (match === 'typo') result = 'typo';
  }
  return result;
}

/** Products in a sort's order, those that need no typo first (a stable partition of `sorted`). */
export function exactFirst(sorted: readonly Product[], query: CatalogQuery): Product[] {
  if (searchWords(query.search).length === 0) return [...sorted];
  const typo = (product: Product) => (searchMatch(product, query) === 'typo' ? 1 : 0);
  return [...sorted].sort((a, b) => typo(a) - typo(b));
}

const newestFirst = (a: Product, b: Product) => idTail(b.id) - idTail(a.id);

/** Price order with unpriced products last, newest first among equal prices. */
const byPrice = (direction: 1 | -1) => (a: Product, b: Product) => {
  if (a.priceCents === null || b.priceCents === null)
    return (a.priceCents === null ? 1 : 0) - (b.priceCents === null ? 1 : 0) || newestFirst(a, b);
  return direction * (a.priceCents - b.priceCents) || newestFirst(a, b);
};

const COMPARE: Record<CatalogSort, (a: Product, b: Product) => number> = {
  newest: newestFirst,
  oldest: (a, b) => idTail(a.id) - idTail(b.id),
  name: (a, b) => {
    const [left, right] = [nameSortKey(a.title), nameSortKey(b.title)];
    return left < right ? -1 : left > right ? 1 : newestFirst(a, b);
  },
  'price-asc': byPrice(1),
  'price-desc': byPrice(-1),
};

export const compareForSort = (sort: CatalogSort) => COMPARE[sort];
