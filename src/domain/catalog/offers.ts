import { foldText } from '../text/fold.ts';
import { formatEuro } from '../text/money.ts';

/**
 * Offers (spec section 5, decision 089): the marker tag 'offer' on a card, and an old price (the
 * compare-at price) shown struck through beside the price.
 */
export const OFFER_TAG = 'offer';

/** Tags compare folded, as the catalogue's tag filter does: 'Offer' is the marker, 'offers' is not. */
export const isOfferTag = (tag: string) => foldText(tag) === OFFER_TAG;

export const hasOfferTag = (tags: readonly string[]) => tags.some(isOfferTag);

/** The team: the first tag that is not the offer marker (spec section 4); '' for none. */
export const teamOfTags = (tags: readonly string[]) => tags.find((tag) => !isOfferTag(tag))?.trim() ?? '';

type Prices = { priceCents: number | null; compareAtCents: number | null };

/** The compare-at price worth showing: above a known price, else none (decision 089). */
export const oldPrice = ({ priceCents, compareAtCents }: Prices): number | null =>
  compareAtCents !== null && priceCents !== null && compareAtCents > priceCents ? compareAtCents : null;

/** What an offer saves, in cents and in whole percent (rounded down: never more than it is). */
export function savingOf(prices: Prices): { cents: number; percent: number } | null {
  const old = oldPrice(prices);
  if (old === null || prices.priceCents === null) return null;
  const cents = old - prices.priceCents;
  return { cents, percent: Math.floor((cents * 100) / old) };
}

export const OFFER_PRICE_TEXT = {
  old: 'Αρχική τιμή',
  now: 'Τιμή προσφοράς',
  saving: (cents: number, percent: number) => `Κερδίζετε ${formatEuro(cents)} (-${percent}%)`,
} as const;
