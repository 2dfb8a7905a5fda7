/**
 * A variant's compare-at price (decision 089): the price before an offer, shown struck through on
 * /offers, product pages and cards. On the variant, as Shopify keeps it; NULL for none, which is
 * every existing product. No index: no filter or sort reads it.
 */
export const up = ['ALTER TABLE variants ADD COLUMN compare_at_cents INTEGER'];
