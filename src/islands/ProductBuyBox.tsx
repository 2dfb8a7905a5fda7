import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { canAdd, stepperState, tooManyMessage } from '../domain/cart/cart-rules.ts';
import { $cart, addToCart, loadCart, quantityInCart } from '../stores/cart.ts';
import QuantityStepper from './ui/QuantityStepper.tsx';

type Props = { variantId: string; maxQuantity: number; soldOut: boolean };

/** Product page: quantity within stock minus what the cart holds, and add to cart. */
export default function ProductBuyBox({ variantId, maxQuantity, soldOut }: Props) {
  const cart = useStore($cart);
  const inCart = quantityInCart(cart, variantId);
  const [selected, setSelected] = useState(1);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const stepper = stepperState(selected, maxQuantity, inCart);
  // Once the cart holds every copy, there is nothing to add: the button says why it is off.
  const full = stepper.remaining === 0;
  const reasonId = useId();

  useEffect(() => {
    void loadCart();
  }, []);

  async function add() {
    if (!canAdd(stepper.value, inCart, maxQuantity)) {
      setMessage({ tone: 'error', text: tooManyMessage(maxQuantity) });
      return;
    }
    setBusy(true);
    const result = await addToCart(variantId, stepper.value);
    setBusy(false);
    setSelected(1);
    setMessage(
      result.ok
        ? { tone: 'success', text: 'Προστέθηκε στο καλάθι.' }
        : { tone: 'error', text: result.error.message },
    );
  }

  if (soldOut) return <p className="font-bold text-danger">Εξαντλήθηκε</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper label="Ποσότητα" {...stepper} onChange={setSelected} />
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-bold text-paper hover:bg-accent-strong disabled:opacity-50"
          disabled={busy || full}
          aria-describedby={full ? reasonId : undefined}
          onClick={add}
        >
          {busy ? 'Προσθήκη...' : 'Προσθήκη στο καλάθι'}
        </button>
      </div>
      {full && (
        <p id={reasonId} className="text-sm text-muted" data-testid="all-in-cart">
          {tooManyMessage(maxQuantity)}{' '}
          <a href="/cart" className="font-semibold underline">
            Μετάβαση στο καλάθι
          </a>
        </p>
      )}
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={message.tone === 'error' ? 'text-danger' : 'text-success'}
        >
          {message.text}{' '}
          {message.tone === 'success' && (
            <a href="/cart" className="font-semibold underline">
              Μετάβαση στο καλάθι
            </a>
          )}
        </p>
      )}
    </div>
  );
}
