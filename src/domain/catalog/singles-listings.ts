import { singlesSeo } from '../seo/singles-seo.ts';
import { foldText } from '../text/fold.ts';
import type { Category } from './category.ts';
import type { ProductSummary } from './product.ts';
import { EMPTY_FILTERS, type SinglesFilters } from './singles-filters.ts';
import { categoryGroup, SPORTS } from './sports.ts';

/** A /singles listing worth a sitemap entry: the whole catalogue, a sport, a team. */
export type Listing = { filters: SinglesFilters; total: number; lastmod: string };

/**
 * The catalogue, each sport and each team, with how many cards each holds and its newest change,
 * counted the way the catalogue query filters (a team tag, case and accents ignored). One pass over
 * the catalogue: each card counts once in each listing one of its tags leads to (decision 058).
 */
export function singlesListings(
  products: readonly ProductSummary[],
  categories: readonly Category[],
): Listing[] {
  const listings: Listing[] = [{ filters: EMPTY_FILTERS, total: 0, lastmod: '' }];
  // A folded team name → the listings a card tagged with it counts in (its sport's, its own).
  const listingsOfTag = new Map<string, number[]>();
  const countsIn = (tag: string, listing: number) => {
    const folded = foldText(tag);
    const known = listingsOfTag.get(folded);
    if (known) known.push(listing);
    else listingsOfTag.set(folded, [listing]);
  };
  for (const sport of SPORTS) {
    const teams = categories
      .filter((category) => categoryGroup(category.id)?.sport === sport)
      .flatMap((category) => category.teams.map((team) => team.name));
    const sportListing =
      listings.push({ filters: { ...EMPTY_FILTERS, category: sport }, total: 0, lastmod: '' }) - 1;
    for (const team of teams) {
      countsIn(team, sportListing);
      countsIn(
        team,
        listings.push({ filters: { ...EMPTY_FILTERS, category: sport, team }, total: 0, lastmod: '' }) - 1,
      );
    }
  }
  for (const product of products) {
    const counted = new Set([0]);
    for (const tag of product.tags)
      for (const listing of listingsOfTag.get(foldText(tag)) ?? []) counted.add(listing);
    for (const index of counted) {
      const listing = listings[index] as Listing;
      listing.total += 1;
      if (product.updatedAt > listing.lastmod) listing.lastmod = product.updatedAt;
    }
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
