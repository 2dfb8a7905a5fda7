import type { Product } from '../ports/commerce.ts';
import type { Category } from '../ports/documents.ts';
import { EMPTY_FILTERS, type SinglesFilters } from './singles-filters.ts';
import { singlesSeo } from './singles-seo.ts';
import { categoryGroup, SPORTS } from './sports.ts';
import { foldText } from './text.ts';

/** A /singles listing worth a sitemap entry: the whole catalogue, a sport, a team. */
export type Listing = { filters: SinglesFilters; total: number; lastmod: string };

/**
 * The catalogue, each sport and each team, with how many cards each holds and its newest change,
 * counted the way the catalogue query filters (a team tag, case and accents ignored).
 */
export function singlesListings(products: readonly Product[], categories: readonly Category[]): Listing[] {
  const tagsOf = new Map(products.map((product) => [product, new Set(product.tags.map(foldText))]));
  const listing = (filters: SinglesFilters, teams: ReadonlySet<string> | null): Listing => {
    let total = 0;
    let lastmod = '';
    for (const product of products) {
      const tags = tagsOf.get(product) ?? new Set<string>();
      if (teams && ![...tags].some((tag) => teams.has(tag))) continue;
      total += 1;
      if (product.updatedAt > lastmod) lastmod = product.updatedAt;
    }
    return { filters, total, lastmod };
  };

  const listings = [listing(EMPTY_FILTERS, null)];
  for (const sport of SPORTS) {
    const teams = categories
      .filter((category) => categoryGroup(category.id)?.sport === sport)
      .flatMap((category) => category.teams.map((team) => team.name));
    listings.push(listing({ ...EMPTY_FILTERS, category: sport }, new Set(teams.map(foldText))));
    for (const team of teams)
      listings.push(listing({ ...EMPTY_FILTERS, category: sport, team }, new Set([foldText(team)])));
  }
  return listings;
}

/** Every indexable page of the listings (each page of each one the index keeps), by the page's own rules. */
export function indexableListingPages(
  listings: readonly Listing[],
  pageSize: number,
): Array<{ path: string; lastmod: string }> {
  const pages: Array<{ path: string; lastmod: string }> = [];
  for (const { filters, total, lastmod } of listings) {
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    for (let page = 1; page <= pageCount; page += 1) {
      const seo = singlesSeo({ ...filters, page }, { total, page, pageCount });
      if (!seo.noindex) pages.push({ path: seo.canonicalPath, lastmod });
    }
  }
  return pages;
}
