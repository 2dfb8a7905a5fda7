/** What a row or a card of every product shows besides its title: type, price, offer, stock, waiting. */

import { stockLevel } from '../../domain/admin/all-products.ts';
import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { hasOfferTag, savingOf } from '../../domain/catalog/offers.ts';
import { PRODUCT_KIND_LABELS } from '../../domain/catalog/product-kind.ts';
import { formatEuro } from '../../domain/text/money.ts';
import type { AdminListProduct } from '../../stores/admin-api.ts';

const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/**
 * The offer: the price before it struck through and the discount («-20%»), or «Ναι» for a tag only;
 * «—» for none, or nothing at all when `quiet` (a phone's card).
 */
export function Offer({ product, quiet = false }: { product: AdminListProduct; quiet?: boolean }) {
  const percent = savingOf(product)?.percent ?? null;
  if (percent !== null && product.compareAtCents !== null)
    return (
      <span data-testid="offer" className="inline-flex flex-wrap items-center gap-2 whitespace-nowrap">
        <span className="sr-only">Αρχική τιμή</span>
        <s className="text-muted tabular-nums">{formatEuro(product.compareAtCents)}</s>
        <span className={`${badge} bg-accent text-paper`}>-{percent}%</span>
      </span>
    );
  if (hasOfferTag(product.tags)) return <span data-testid="offer">Ναι</span>;
  return quiet ? null : <span className="text-muted">—</span>;
}

export function Stock({ product, threshold }: { product: AdminListProduct; threshold: number }) {
  const level = stockLevel(product.quantity, threshold);
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      <span>{product.quantity === null ? '—' : product.quantity}</span>
      {level === 'sold-out' && (
        <span data-testid="stock-badge" className={`${badge} bg-danger text-paper`}>
          Εξαντλήθηκε
        </span>
      )}
      {level === 'low' && (
        <span data-testid="stock-badge" className={`${badge} border border-ink text-ink`}>
          Χαμηλό
        </span>
      )}
    </span>
  );
}

/** «N σε αναμονή»: shoppers who asked to be told when the product is back (decision 087). */
export function Waiting({ count }: { count: number }) {
  if (count <= 0) return <span className="text-muted">0</span>;
  return (
    <span data-testid="waiting-badge" className={`${badge} bg-mist text-ink`}>
      {count} σε αναμονή
    </span>
  );
}

export const kindLabel = (product: AdminListProduct) => PRODUCT_KIND_LABELS[product.kind];
export const priceText = (product: AdminListProduct) =>
  product.priceCents === null ? MESSAGES.noPrice : formatEuro(product.priceCents);
