import type { Category } from '../catalog/category.ts';
import type { ProductKind } from '../catalog/product-kind.ts';
import type { CatalogSort } from '../catalog/query.ts';
import { categoryGroup, SPORTS, type Sport } from '../catalog/sports.ts';
import { foldText } from '../text/fold.ts';
import { DEFAULT_PAGE_SIZE, type ListPageSize } from './lists.ts';

/**
 * The dashboard's one list of every product (issue 33), beside the spec's path by sport: its
 * filters, their query string and what a row shows of offers and stock. Pure, shared by the list's
 * island and GET /api/admin/products.
 */

export const STOCK_FILTERS = ['in-stock', 'low', 'sold-out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export const STOCK_FILTER_LABELS: Readonly<Record<StockFilter, string>> = {
  'in-stock': 'Σε απόθεμα',
  low: 'Χαμηλό απόθεμα',
  'sold-out': 'Εξαντλημένα',
};

export const OFFER_FILTERS = ['yes', 'no'] as const;
export type OfferFilter = (typeof OFFER_FILTERS)[number];

export const OFFER_FILTER_LABELS: Readonly<Record<OfferFilter, string>> = {
  yes: 'Σε προσφορά',
  no: 'Χωρίς προσφορά',
};

/** What the list asks the server for; '' is "any" for each filter. */
export type AllProductsQuery = {
  search: string;
  kind: ProductKind | '';
  offer: OfferFilter | '';
  sport: Sport | '';
  team: string;
  stock: StockFilter | '';
  sort: CatalogSort;
  page: number;
  pageSize: ListPageSize;
};

export const FIRST_ALL_PRODUCTS_QUERY: AllProductsQuery = {
  search: '',
  kind: '',
  offer: '',
  sport: '',
  team: '',
  stock: '',
  sort: 'newest',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The query string of GET /api/admin/products for the whole list; "any" filters are left out. */
export function allProductsSearch(query: AllProductsQuery): string {
  const params = new URLSearchParams();
  const search = query.search.trim();
  if (search) params.set('search', search);
  for (const name of ['kind', 'offer', 'sport', 'team', 'stock'] as const) {
    const value = query[name].trim();
    if (value) params.set(name, value);
  }
  params.set('sort', query.sort);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `?${params.toString()}`;
}

/**
 * The tracked-stock bounds a stock filter means: in stock is 1 or more, sold out is 0, low is 1 up
 * to the shop's threshold (the overview's word for it; a threshold of 0 makes nothing low).
 */
export function stockBounds(filter: StockFilter, threshold: number): { min?: number; max?: number } {
  if (filter === 'in-stock') return { min: 1 };
  if (filter === 'sold-out') return { max: 0 };
  return { min: 1, max: threshold };
}

/** The stock badge of a row: sold out, low (up to the threshold), or none; untracked stock has none. */
export function stockLevel(quantity: number | null, threshold: number): 'sold-out' | 'low' | null {
  if (quantity === null) return null;
  if (quantity <= 0) return 'sold-out';
  return quantity <= threshold ? 'low' : null;
}

/** A team's sport by its name (case and accents ignored), from the category documents; null when none. */
export function sportsByTeam(categories: readonly Category[]): (team: string) => Sport | null {
  const sports = new Map<string, Sport>();
  for (const category of categories) {
    const sport = categoryGroup(category.id)?.sport;
    if (sport) for (const team of category.teams) sports.set(foldText(team.name), sport);
  }
  return (team) => (team.trim() ? (sports.get(foldText(team)) ?? null) : null);
}

/** The team filter's choices: one sport's teams, or every team under its sport; by name in each. */
export function teamChoices(
  categories: readonly Category[],
  sport: Sport | '',
): Array<{ sport: Sport; teams: string[] }> {
  return SPORTS.filter((each) => sport === '' || each === sport)
    .map((each) => ({
      sport: each,
      teams: [
        ...new Set(
          categories
            .filter((category) => categoryGroup(category.id)?.sport === each)
            .flatMap((category) => category.teams.map((team) => team.name)),
        ),
      ].sort((a, b) => a.localeCompare(b, 'el')),
    }))
    .filter((group) => group.teams.length > 0);
}
