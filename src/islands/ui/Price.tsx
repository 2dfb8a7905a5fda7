import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { OFFER_PRICE_TEXT, oldPrice, savingOf } from '../../domain/catalog/offers.ts';
import { formatEuro } from '../../domain/text/money.ts';

type Props = {
  priceCents: number | null;
  compareAtCents: number | null;
  /** The price line's own classes (size and weight differ between cards and the product page). */
  className: string;
  /** The product page spells the saving out; cards show its percent only. */
  spelled?: boolean;
  /** The current price's test id (the price alone, whatever else the line shows). */
  testId?: string;
};

/**
 * A price, and on an offer the old price struck through with the saving (decision 089). Rendered
 * by islands and, with no client directive, by Astro pages as plain HTML: one markup everywhere.
 * A screen reader hears which price is which, since a strike-through alone says nothing to it.
 */
export default function Price({
  priceCents,
  compareAtCents,
  className,
  spelled = false,
  testId = 'price',
}: Props) {
  const prices = { priceCents, compareAtCents };
  const old = oldPrice(prices);
  const saving = savingOf(prices);
  if (priceCents === null || old === null || saving === null)
    return (
      <p className={`${className} tabular-nums`} data-testid={testId}>
        {priceCents === null ? MESSAGES.noPrice : formatEuro(priceCents)}
      </p>
    );
  return (
    <div className="mt-auto grid gap-0.5">
      <p className={`${className} flex flex-wrap items-baseline gap-x-2 tabular-nums`}>
        <span>
          <span className="sr-only">{OFFER_PRICE_TEXT.now}: </span>
          <span data-testid={testId}>{formatEuro(priceCents)}</span>
        </span>
        <s className="text-sm font-normal text-muted" data-testid="old-price">
          <span className="sr-only">{OFFER_PRICE_TEXT.old}: </span>
          {formatEuro(old)}
        </s>
        {!spelled && (
          <span className="rounded-sm bg-danger px-1.5 text-xs font-bold text-paper" data-testid="saving">
            -{saving.percent}%
          </span>
        )}
      </p>
      {spelled && (
        <p className="text-sm font-semibold text-danger" data-testid="saving">
          {OFFER_PRICE_TEXT.saving(saving.cents, saving.percent)}
        </p>
      )}
    </div>
  );
}
