import type { Cart } from '../../domain/cart/cart.ts';
import { formatEuro } from '../../domain/text/money.ts';

type Props = {
  cart: Cart;
  shipping: number;
  /** The server's refusal of the whole order, if any. */
  failure: string | null;
  /** The refusal is about the cart (a card sold out since): link to it. */
  cartError: boolean;
  submitting: boolean;
};

/** Checkout's summary beside the form: the lines, shipping, the total and the submit button. */
export default function CheckoutSummary({ cart, shipping, failure, cartError, submitting }: Props) {
  return (
    <aside className="h-fit rounded-card border border-line p-4 shadow-card" aria-label="Σύνοψη παραγγελίας">
      <ul className="grid gap-1 text-sm">
        {cart.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-2">
            <span>
              {line.quantity} × {line.merchandise.title}
            </span>
            <span className="tabular-nums">{formatEuro(line.quantity * line.merchandise.priceCents)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between text-sm">
        <span>Μεταφορικά</span> <span>{formatEuro(shipping)}</span>
      </p>
      <p className="mt-1 flex justify-between text-lg font-bold">
        <span>Σύνολο (με ΦΠΑ)</span>{' '}
        <span data-testid="checkout-total">{formatEuro(cart.subtotalCents + shipping)}</span>
      </p>
      {failure && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {failure}{' '}
          {cartError && (
            <a href="/cart" className="underline">
              Δείτε το καλάθι
            </a>
          )}
        </p>
      )}
      <button
        type="submit"
        disabled={submitting}
        className="mt-4 flex min-h-11 w-full items-center justify-center rounded-full bg-accent font-bold text-paper hover:bg-accent-strong disabled:opacity-50"
      >
        {submitting ? 'Υποβολή...' : 'Υποβολή παραγγελίας'}
      </button>
    </aside>
  );
}
