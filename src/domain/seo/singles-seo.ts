import {
  EMPTY_FILTERS,
  filtersToQuery,
  hasFactFilter,
  type SinglesFilters,
} from '../catalog/singles-filters.ts';

/**
 * What search engines get for each /singles URL (decision 041). Sport, team and page make
 * listings worth indexing, each with its own title, description and a self canonical; every other
 * facet (search text, player, price range, sort) and thin listings answer `noindex,follow`.
 */

/** A sport or team listing with fewer cards than this is thin: left out of the index. */
export const MIN_INDEXABLE_CARDS = 3;

export type ListingCounts = { total: number; page: number; pageCount: number };

export type SinglesSeo = {
  heading: string;
  title: string;
  description: string;
  noindex: boolean;
  /** Path and query of the page's one address (the facets that matter, in a fixed order). */
  canonicalPath: string;
  prev: string | undefined;
  next: string | undefined;
};

/** The URL of one page of the listing the filters describe (page 1 carries no page parameter). */
export function singlesHref(filters: SinglesFilters, page: number): string {
  return `/singles${filtersToQuery({ ...filters, page })}`;
}

/** Whether the filters use a facet beyond sport, team and page. */
function hasUnindexedFacet(filters: SinglesFilters): boolean {
  return (
    filters.search !== '' ||
    filters.player !== '' ||
    filters.min !== '' ||
    filters.max !== '' ||
    filters.sort !== EMPTY_FILTERS.sort ||
    hasFactFilter(filters)
  );
}

export function singlesHeading(filters: SinglesFilters): string {
  const scope = filters.category ? `${filters.category} singles` : 'Singles';
  const named = [filters.team, filters.player].filter((part) => part !== '');
  return named.length > 0 ? `${scope}: ${named.join(', ')}` : scope;
}

export function singlesSeo(filters: SinglesFilters, counts: ListingCounts): SinglesSeo {
  const heading = singlesHeading(filters);
  const page = counts.page;
  const pageNote = page > 1 ? `, σελίδα ${page}` : '';
  const searchNote = filters.search ? ` (αναζήτηση «${filters.search}»)` : '';
  const cards = `${counts.total} ${counts.total === 1 ? 'κάρτα' : 'κάρτες'}`;
  const pageSentence = counts.pageCount > 1 ? ` Σελίδα ${page} από ${counts.pageCount}.` : '';

  let description: string;
  if (filters.team && filters.category)
    description = `Συλλεκτικές κάρτες ${filters.team} (${filters.category}) στο CardVault: ${cards} με τιμές σε ευρώ.`;
  else if (filters.category)
    description = `Μεμονωμένες συλλεκτικές κάρτες ${filters.category} στο CardVault: ${cards} από όλες τις ομάδες, με τιμές σε ευρώ.`;
  else
    description =
      'Μεμονωμένες συλλεκτικές κάρτες NBA, EUROLEAGUE, NFL και SOCCER, ανά ομάδα και παίκτη, με τιμές σε ευρώ.';

  const filtered = filters.category !== '';
  const thin = filtered && counts.total < MIN_INDEXABLE_CARDS;
  // The catalogue answers a page past the end with the last page; that URL is not one to index.
  const pastTheEnd = filters.page > Math.max(counts.pageCount, 1);
  const listing = { ...EMPTY_FILTERS, category: filters.category, team: filters.team };
  return {
    heading,
    title: `${heading}${searchNote}${pageNote}`,
    description: `${description}${pageSentence}`,
    noindex: hasUnindexedFacet(filters) || thin || pastTheEnd,
    canonicalPath: singlesHref(listing, page),
    prev: page > 1 && !pastTheEnd ? singlesHref(filters, page - 1) : undefined,
    next: page < counts.pageCount ? singlesHref(filters, page + 1) : undefined,
  };
}
