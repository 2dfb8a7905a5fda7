import { isOfferTag, OFFER_TAG } from '../catalog/offers.ts';
import type { Product, ProductInput } from '../catalog/product.ts';
import { PRODUCT_TYPE_OF_KIND, productKind } from '../catalog/product-kind.ts';
import { PRODUCT_FORM_MESSAGES } from './product-form.ts';

/**
 * Bulk actions on a selection of the dashboard's product list (issue 33): put on offer or take
 * off, set the stock, delete. What each does to one product is decided here, without I/O; the
 * server writes it (src/server/catalog/admin-bulk.ts).
 */

export const BULK_LIMITS = {
  ids: 100,
  percent: { min: 5, max: 90 },
  quantity: { min: 0, max: 1_000_000 },
} as const;

export type BulkAction =
  | { action: 'offer-on'; percent: number }
  | { action: 'offer-off' }
  | { action: 'stock'; quantity: number }
  | { action: 'delete' };

export type BulkRequest = BulkAction & { ids: string[] };

/** The answer of POST /api/admin/products/bulk: what was done, what was not and why, and a summary. */
export type BulkAnswer = {
  done: string[];
  failed: Array<{ id: string; title: string; message: string }>;
  message: string;
};

export const BULK_MESSAGES = {
  noIds: 'Επιλέξτε τουλάχιστον ένα προϊόν.',
  tooManyIds: `Έως ${BULK_LIMITS.ids} προϊόντα σε κάθε μαζική ενέργεια.`,
  repeatedIds: 'Το ίδιο προϊόν επιλέχθηκε δύο φορές.',
  action: 'Άγνωστη μαζική ενέργεια.',
  percent: `Η έκπτωση είναι ακέραιο ποσοστό από ${BULK_LIMITS.percent.min} έως ${BULK_LIMITS.percent.max}.`,
  quantity: 'Το απόθεμα είναι ακέραιος αριθμός από 0 έως 1.000.000.',
  notFound: 'Το προϊόν δεν βρέθηκε.',
  noPrice: 'Το προϊόν δεν έχει τιμή.',
  priceTooLow: 'Η τιμή είναι πολύ χαμηλή για έκπτωση.',
  untracked: 'Το απόθεμα του προϊόντος δεν παρακολουθείται· ορίστε πρώτα απόθεμα.',
  /** As the product form says it (decision 089): packs and LOTs are never on /offers. */
  offerCardsOnly: PRODUCT_FORM_MESSAGES.offerCardsOnly,
} as const;

/** What an action does to one product: a write, nothing (already so), or a reason it cannot. */
export type BulkChange =
  | { kind: 'write'; input: ProductInput }
  | { kind: 'unchanged' }
  | { kind: 'skipped'; reason: string };

/**
 * The offer's prices: the price before the offer (an existing compare-at price above the price,
 * else the price) becomes the compare-at price, and the price is that lowered by `percent`, to
 * the nearest cent. So a second "20%" leaves a card at 20% off, not 36%. Null when the lowered
 * price would not be below it (a price of 0, or a few cents).
 */
export function offerPrices(
  priceCents: number,
  compareAtCents: number | null,
  percent: number,
): { priceCents: number; compareAtCents: number } | null {
  const before = compareAtCents !== null && compareAtCents > priceCents ? compareAtCents : priceCents;
  // Integer cents, rounded half up without floating point.
  const lowered = Math.floor((before * (100 - percent) + 50) / 100);
  if (before <= 0 || lowered >= before) return null;
  return { priceCents: lowered, compareAtCents: before };
}

/** The product's tags without the offer marker (or empty ones). */
export const withoutOfferTag = (tags: readonly string[]) =>
  tags.filter((tag) => tag.trim() !== '' && !isOfferTag(tag));

/** The product's tags with the offer marker once, last, as the product form writes it: the team stays first. */
export const withOfferTag = (tags: readonly string[]) => [...withoutOfferTag(tags), OFFER_TAG];

/** The product as it is, as a write's input: the handle is left out, so the product keeps its own. */
function asInput(product: Product, priceCents: number): ProductInput {
  const keptCompareAt =
    product.compareAtCents !== null && product.compareAtCents > priceCents ? product.compareAtCents : null;
  return {
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    tags: product.tags.filter((tag) => tag.trim() !== ''),
    productType: product.productType,
    priceCents,
    compareAtCents: keptCompareAt,
    quantity: product.available ?? 0,
    mediaIds: product.images.map((image) => image.id),
    facts: product.facts,
  };
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);

/** What `action` (any but delete) does to `product`. */
export function bulkChange(product: Product, action: Exclude<BulkAction, { action: 'delete' }>): BulkChange {
  if (action.action === 'stock') {
    if (product.priceCents === null) return { kind: 'skipped', reason: BULK_MESSAGES.noPrice };
    if (product.available === action.quantity) return { kind: 'unchanged' };
    return { kind: 'write', input: { ...asInput(product, product.priceCents), quantity: action.quantity } };
  }
  // A write always sets the stock; an untracked product would come out tracked at 0 (sold out).
  if (product.available === null) return { kind: 'skipped', reason: BULK_MESSAGES.untracked };

  if (action.action === 'offer-off') {
    const priceCents = product.compareAtCents ?? product.priceCents;
    if (priceCents === null) return { kind: 'skipped', reason: BULK_MESSAGES.noPrice };
    const tags = withoutOfferTag(product.tags);
    if (product.compareAtCents === null && sameTags(tags, product.tags)) return { kind: 'unchanged' };
    return { kind: 'write', input: { ...asInput(product, priceCents), tags, compareAtCents: null } };
  }

  if (productKind(product) !== 'card') return { kind: 'skipped', reason: BULK_MESSAGES.offerCardsOnly };
  if (product.priceCents === null) return { kind: 'skipped', reason: BULK_MESSAGES.noPrice };
  // /offers lists the type 'Card' only; the form writes it for an offer too.
  const productType = PRODUCT_TYPE_OF_KIND.card;
  const prices = offerPrices(product.priceCents, product.compareAtCents, action.percent);
  if (!prices) return { kind: 'skipped', reason: BULK_MESSAGES.priceTooLow };
  const tags = withOfferTag(product.tags);
  if (
    prices.priceCents === product.priceCents &&
    prices.compareAtCents === product.compareAtCents &&
    sameTags(tags, product.tags) &&
    product.productType === productType
  )
    return { kind: 'unchanged' };
  return { kind: 'write', input: { ...asInput(product, prices.priceCents), ...prices, tags, productType } };
}

const count = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('{n}', String(n)));

/** «Ενημερώθηκαν 5 προϊόντα.», «Διαγράφηκαν 3 προϊόντα. Δεν έγινε για 1 προϊόν.» */
export function bulkSummary(action: BulkAction['action'], done: number, failed: number): string {
  const deleted = action === 'delete';
  const first =
    done === 0
      ? deleted
        ? 'Κανένα προϊόν δεν διαγράφηκε.'
        : 'Κανένα προϊόν δεν ενημερώθηκε.'
      : deleted
        ? count(done, 'Διαγράφηκε 1 προϊόν.', 'Διαγράφηκαν {n} προϊόντα.')
        : count(done, 'Ενημερώθηκε 1 προϊόν.', 'Ενημερώθηκαν {n} προϊόντα.');
  if (failed === 0) return first;
  return `${first} ${count(failed, 'Δεν έγινε για 1 προϊόν.', 'Δεν έγινε για {n} προϊόντα.')}`;
}

/** The delete's question, naming how many (window.confirm). */
export const bulkDeleteQuestion = (n: number) =>
  count(n, 'Να διαγραφεί οριστικά 1 επιλεγμένο προϊόν;', 'Να διαγραφούν οριστικά {n} επιλεγμένα προϊόντα;');
