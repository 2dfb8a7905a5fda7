import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { canCheckout, MIN_ORDER_MESSAGE } from '../domain/cart/cart-rules.ts';
import { checkoutErrors, DELIVERY_LABELS, PAYMENT_LABELS } from '../domain/orders/checkout-form.ts';
import {
  type CheckoutValues,
  checkoutBody,
  EMPTY_CHECKOUT,
  errorsStillHolding,
  firstInvalidField,
} from '../domain/orders/checkout-values.ts';
import { type CheckoutTerms, courierFee } from '../domain/settings/checkout-terms.ts';
import { formatEuro } from '../domain/text/money.ts';
import { callApi } from '../stores/api.ts';
import { $cart, $cartState, loadCart } from '../stores/cart.ts';
import CheckoutSummary from './checkout/CheckoutSummary.tsx';

/**
 * Checkout on the embedded engine: contact, delivery, payment; checked here and on the server. The
 * deliveries, payments and fee offered are the shop's settings (`terms`, decision 081).
 */
export default function CheckoutForm({ terms }: { terms: CheckoutTerms }) {
  const cart = useStore($cart);
  const state = useStore($cartState);
  const [values, setValues] = useState<CheckoutValues>(() => ({
    ...EMPTY_CHECKOUT,
    // The only payment taken is already chosen.
    payment: paymentsTaken(terms).length === 1 ? (paymentsTaken(terms)[0] ?? '') : '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Said to screen readers once per submit that found errors; the field's own error is read
  // with it when the focus reaches the field.
  const [announcement, setAnnouncement] = useState('');
  const form = useRef<HTMLFormElement>(null);
  // One key per checkout attempt: a double submit gives the same order, never two.
  const [idempotencyKey] = useState(() => crypto.randomUUID().replaceAll('-', ''));

  useEffect(() => {
    void loadCart();
  }, []);

  if (state === 'idle' || state === 'loading') return <p aria-busy="true">Φόρτωση...</p>;
  if (!cart || cart.lines.length === 0) {
    return (
      <p>
        Το καλάθι σας είναι άδειο.{' '}
        <a href="/" className="font-semibold underline">
          Συνέχεια αγορών
        </a>
      </p>
    );
  }
  if (!canCheckout(cart.subtotalCents)) {
    return (
      <p role="alert" className="font-semibold text-danger">
        {MIN_ORDER_MESSAGE}{' '}
        <a href="/cart" className="underline">
          Επιστροφή στο καλάθι
        </a>
      </p>
    );
  }

  const courier = courierFee(terms, cart.subtotalCents);
  const shipping = values.method === 'courier' ? courier : 0;
  const methods = terms.pickup.enabled ? (['courier', 'pickup'] as const) : (['courier'] as const);
  const set = (field: keyof CheckoutValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // A field fixed loses its error as the shopper types, not at the next submit.
    setErrors((shown) => (Object.keys(shown).length === 0 ? shown : errorsStillHolding(shown, next)));
  };

  /** Shows the errors, says how many, and takes the shopper to the first (on a phone, off screen). */
  function refuse(found: Record<string, string>) {
    setErrors(found);
    const count = Object.keys(found).length;
    setAnnouncement(
      `Η παραγγελία δεν στάλθηκε: ${count === 1 ? 'ένα πεδίο χρειάζεται' : `${count} πεδία χρειάζονται`} διόρθωση.`,
    );
    const first = firstInvalidField(found);
    const target = first && form.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const body = checkoutBody(values, idempotencyKey);
    const found = checkoutErrors(body);
    if (Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setErrors({});
    setAnnouncement('');
    setSubmitting(true);
    setFailure(null);
    const result = await callApi<{ order: { number: string; url: string } }>('POST', '/api/orders', body);
    if (result.ok) {
      window.location.replace(result.data.order.url);
      return;
    }
    setSubmitting(false);
    setFailure(result.error.message);
    if (firstInvalidField(result.error.fields)) refuse(result.error.fields);
    else setErrors(result.error.fields);
  }

  const field = (
    name: keyof CheckoutValues,
    label: string,
    type = 'text',
    autoComplete?: string,
    path: string = name,
  ) => (
    <label className="grid gap-1 text-sm font-semibold">
      {label}
      <input
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={errors[path] ? true : undefined}
        aria-describedby={errors[path] ? `${name}-error` : undefined}
        className="min-h-11 rounded-md border border-line px-3 font-normal aria-invalid:border-danger"
      />
      {errors[path] && (
        <span id={`${name}-error`} className="font-normal text-danger">
          {errors[path]}
        </span>
      )}
    </label>
  );

  return (
    <form ref={form} noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <p role="alert" className="sr-only">
        {announcement}
      </p>
      <div className="grid gap-6">
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-lg font-bold">Στοιχεία επικοινωνίας</legend>
          {field('name', 'Ονοματεπώνυμο', 'text', 'name')}
          {field('email', 'Email', 'email', 'email')}
          {field('phone', 'Τηλέφωνο', 'tel', 'tel')}
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-lg font-bold">Παράδοση</legend>
          {methods.map((method) => (
            <label key={method} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="method"
                value={method}
                checked={values.method === method}
                onChange={set('method')}
              />
              {DELIVERY_LABELS[method]}
              {method === 'courier' ? ` (${courier === 0 ? 'δωρεάν' : formatEuro(courier)})` : ' (δωρεάν)'}
            </label>
          ))}
          {terms.freeShippingFromCents !== null && courier > 0 && (
            <p className="text-sm text-muted">
              Δωρεάν αποστολή για παραγγελίες από {formatEuro(terms.freeShippingFromCents)}.
            </p>
          )}
          {values.method === 'pickup' && (
            <p className="text-sm" data-testid="pickup-point">
              Σημείο παραλαβής: {terms.pickup.address}
              {terms.pickup.hours && ` · ${terms.pickup.hours}`}
              {terms.pickup.mapUrl && (
                <>
                  {' · '}
                  <a
                    href={terms.pickup.mapUrl}
                    rel="noopener"
                    target="_blank"
                    className="font-semibold underline"
                  >
                    Χάρτης
                  </a>
                </>
              )}
            </p>
          )}
          {values.method === 'courier' && (
            <div className="grid gap-3 sm:grid-cols-2">
              {field('street', 'Οδός και αριθμός', 'text', 'street-address', 'delivery.street')}
              {field('city', 'Πόλη', 'text', 'address-level2', 'delivery.city')}
              {field('postalCode', 'Τ.Κ.', 'text', 'postal-code', 'delivery.postalCode')}
              {field('region', 'Νομός / Περιοχή (προαιρετικό)', 'text', 'address-level1', 'delivery.region')}
            </div>
          )}
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-lg font-bold">Πληρωμή (κατόπιν συνεννόησης)</legend>
          {paymentsTaken(terms).map((payment) => (
            <label key={payment} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="payment"
                value={payment}
                checked={values.payment === payment}
                onChange={set('payment')}
              />
              {PAYMENT_LABELS[payment]}
            </label>
          ))}
          {errors.payment && <span className="text-sm text-danger">{errors.payment}</span>}
        </fieldset>
        <label className="grid gap-1 text-sm font-semibold">
          Σημειώσεις (προαιρετικό)
          <textarea
            name="notes"
            value={values.notes}
            onChange={set('notes')}
            rows={3}
            className="rounded-md border border-line p-3 font-normal"
          />
        </label>
      </div>
      <CheckoutSummary
        cart={cart}
        shipping={shipping}
        failure={failure}
        cartError={Boolean(errors.cart)}
        submitting={submitting}
      />
    </form>
  );
}

/** The payments the shop takes, in the order checkout offers them. */
function paymentsTaken(terms: CheckoutTerms): Array<'bank_transfer' | 'cash_on_delivery'> {
  return [
    ...(terms.payments.bankTransfer ? (['bank_transfer'] as const) : []),
    ...(terms.payments.cashOnDelivery ? (['cash_on_delivery'] as const) : []),
  ];
}
