import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CartLine } from '../domain/cart/cart.ts';
import { canCheckout, MIN_ORDER_MESSAGE, stepperState } from '../domain/cart/cart-rules.ts';
import { productPath } from '../domain/catalog/product-id.ts';
import { CARD_PLACEHOLDER } from '../domain/media/card-placeholder.ts';
import { formatEuro } from '../domain/text/money.ts';
import { $cart, $cartState, loadCart, removeCartLine, updateCartLine } from '../stores/cart.ts';
import QuantityStepper from './ui/QuantityStepper.tsx';

/** The cart page: lines, item count, total, checkout (from 7 €), loading and empty states. */
export default function CartView() {
  const cart = useStore($cart);
  const state = useStore($cartState);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void loadCart();
  }, []);

  if (state === 'idle' || state === 'loading') return <p aria-busy="true">Φόρτωση...</p>;
  if (state === 'error' && !cart) return <p role="alert">Κάτι πήγε στραβά. Προσπάθησε ξανά.</p>;

  const notices = cart?.notices ?? [];
  if (!cart || cart.lines.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4">
        <Notices messages={notices.map((notice) => notice.message)} />
        <p className="text-lg">Το καλάθι σας είναι άδειο.</p>
        <a
          href="/"
          className="inline-flex min-h-11 items-center rounded-full bg-ink px-5 font-bold text-paper"
        >
          Συνέχεια αγορών
        </a>
      </div>
    );
  }

  async function run(change: Promise<{ ok: true } | { ok: false; error: { message: string } }>) {
    const result = await change;
    setError(result.ok ? null : result.error.message);
  }

  const allowed = canCheckout(cart.subtotalCents);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-label="Προϊόντα στο καλάθι">
        <Notices messages={[...notices.map((notice) => notice.message), ...(error ? [error] : [])]} />
        <ul className="divide-y divide-line" data-testid="cart-lines">
          {cart.lines.map((line) => (
            <Line key={line.id} line={line} onChange={run} />
          ))}
        </ul>
      </section>
      <aside className="h-fit rounded-card border border-line p-4 shadow-card" aria-label="Σύνοψη">
        <p className="flex justify-between">
          <span>Τεμάχια</span> <span data-testid="cart-count">{cart.totalQuantity}</span>
        </p>
        <p className="mt-2 flex justify-between text-lg font-bold">
          <span>Σύνολο</span> <span data-testid="cart-total">{formatEuro(cart.subtotalCents)}</span>
        </p>
        {allowed ? (
          <a
            href={cart.checkoutUrl}
            className="mt-4 flex min-h-11 items-center justify-center rounded-full bg-accent font-bold text-paper hover:bg-accent-strong"
          >
            Ολοκλήρωση αγοράς
          </a>
        ) : (
          <>
            <p role="alert" className="mt-4 text-sm font-semibold text-danger">
              {MIN_ORDER_MESSAGE}
            </p>
            <button
              type="button"
              disabled
              className="mt-2 flex min-h-11 w-full items-center justify-center rounded-full bg-accent font-bold text-paper opacity-40"
            >
              Ολοκλήρωση αγοράς
            </button>
          </>
        )}
        <a
          href="/"
          className="mt-3 flex min-h-11 items-center justify-center rounded-full border border-ink font-semibold"
        >
          Συνέχεια αγορών
        </a>
      </aside>
    </div>
  );
}

function Line({
  line,
  onChange,
}: {
  line: CartLine;
  onChange: (change: ReturnType<typeof updateCartLine>) => void;
}) {
  const max = line.merchandise.available ?? 1000;
  const stepper = stepperState(line.quantity, max, 0);
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <img
        src={line.merchandise.image ?? CARD_PLACEHOLDER}
        alt=""
        width="72"
        height="100"
        data-fallback={CARD_PLACEHOLDER}
        className="aspect-[5/7] w-18 shrink-0 rounded-md bg-mist object-cover"
      />
      <div className="flex grow flex-col gap-2">
        <a
          href={productPath({ id: line.merchandise.productId, variantId: line.merchandise.id })}
          className="font-semibold"
        >
          {line.merchandise.title}
        </a>
        <p className="text-sm text-muted">{formatEuro(line.merchandise.priceCents)} / τεμάχιο</p>
        <div className="flex flex-wrap items-center gap-3">
          <QuantityStepper
            label={`Ποσότητα για ${line.merchandise.title}`}
            value={line.quantity}
            minusDisabled={stepper.minusDisabled}
            plusDisabled={line.quantity >= max}
            onChange={(quantity) => onChange(updateCartLine(line.id, quantity))}
          />
          <button
            type="button"
            className="min-h-11 px-2 text-sm font-semibold text-danger underline"
            onClick={() => onChange(removeCartLine(line.id))}
          >
            Αφαίρεση
          </button>
        </div>
      </div>
      <p className="font-bold tabular-nums">{formatEuro(line.merchandise.priceCents * line.quantity)}</p>
    </li>
  );
}

function Notices({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul role="alert" className="mb-4 grid gap-1 rounded-card bg-accent/10 p-3 text-sm text-accent-strong">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
