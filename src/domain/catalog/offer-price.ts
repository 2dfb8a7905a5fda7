import { formatEuro } from '../text/money.ts';

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
