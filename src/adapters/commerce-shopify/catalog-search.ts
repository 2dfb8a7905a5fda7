import type { CatalogQuery, CatalogSort } from '../../domain/catalog/query.ts';

/**
 * The part of a catalogue query that Shopify's `products(query:)` search syntax answers exactly:
 * the team tags, a marker tag, the product type and the price range (decision record 021). Word
 * search, the player's name inside the title, the exact LOT titles and the Greek name order are
 * applied afterwards to what Shopify returns (src/domain/catalog/query.ts).
 */
const MAX_QUERY_LENGTH = 2_000;

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const amount = (cents: number) => (cents / 100).toFixed(2);

export function storefrontSearch(query: CatalogQuery): string | undefined {
  const terms: string[] = [];
  if (query.teams) {
    const teams = [...new Set(query.teams.map((team) => team.trim()).filter(Boolean))];
    const clause = `(${teams.map((team) => `tag:${quote(team)}`).join(' OR ')})`;
    // A sport with a hundred teams makes a long query; past the limit the teams are filtered after.
    if (teams.length > 0 && clause.length <= MAX_QUERY_LENGTH) terms.push(clause);
  }
  if (query.tag) terms.push(`tag:${quote(query.tag)}`);
  if (query.productType) terms.push(`product_type:${quote(query.productType)}`);
  if (query.minPriceCents !== undefined) terms.push(`variants.price:>=${amount(query.minPriceCents)}`);
  if (query.maxPriceCents !== undefined) terms.push(`variants.price:<=${amount(query.maxPriceCents)}`);
  return terms.length > 0 ? terms.join(' AND ') : undefined;
}

/** Shopify's nearest sort key; the exact order (Greek names, ties) is applied after the read. */
export function storefrontSort(sort: CatalogSort): { sortKey: 'ID' | 'TITLE' | 'PRICE'; reverse: boolean } {
  switch (sort) {
    case 'oldest':
      return { sortKey: 'ID', reverse: false };
    case 'name':
      return { sortKey: 'TITLE', reverse: false };
    case 'price-asc':
      return { sortKey: 'PRICE', reverse: false };
    case 'price-desc':
      return { sortKey: 'PRICE', reverse: true };
    default:
      return { sortKey: 'ID', reverse: true };
  }
}
