import { checkoutErrors } from './checkout-form.ts';

/**
 * The checkout form as the shopper fills it (flat, as typed), the body it sends, and which of the
 * shown errors still hold. Pure, so the island stays small and a unit test covers the rules.
 */
export type CheckoutValues = {
  name: string;
  email: string;
  phone: string;
  method: 'courier' | 'pickup';
  street: string;
  city: string;
  postalCode: string;
  region: string;
  payment: 'bank_transfer' | 'cash_on_delivery' | '';
  notes: string;
};

export const EMPTY_CHECKOUT: CheckoutValues = {
  name: '',
  email: '',
  phone: '',
  method: 'courier',
  street: '',
  city: '',
  postalCode: '',
  region: '',
  payment: '',
  notes: '',
};

export function checkoutBody(values: CheckoutValues, idempotencyKey: string) {
  const { method, street, city, postalCode, region, payment, ...rest } = values;
  return {
    ...rest,
    payment: payment || undefined,
    delivery: method === 'courier' ? { method, street, city, postalCode, region } : { method },
    idempotencyKey,
  };
}

/** The form's fields in the order the page shows them, by the path their errors carry. */
const FIELD_ORDER: Array<[path: string, field: keyof CheckoutValues]> = [
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['delivery.street', 'street'],
  ['delivery.city', 'city'],
  ['delivery.postalCode', 'postalCode'],
  ['delivery.region', 'region'],
  ['payment', 'payment'],
  ['notes', 'notes'],
];

/** The first field, top to bottom, that has an error: where the focus goes on submit. */
export function firstInvalidField(errors: Record<string, string>): keyof CheckoutValues | null {
  return FIELD_ORDER.find(([path]) => errors[path])?.[1] ?? null;
}

/**
 * The errors shown that still hold once `values` changed: a field fixed loses its error at once;
 * fields not yet complained about get none until the next submit. What the server said of the
 * order as a whole (its cart) stays until the next submit.
 */
export function errorsStillHolding(
  shown: Record<string, string>,
  values: CheckoutValues,
): Record<string, string> {
  const now = checkoutErrors(checkoutBody(values, 'x'.repeat(32)));
  const held: Record<string, string> = {};
  for (const [path, message] of Object.entries(shown)) {
    const formField = FIELD_ORDER.some(([fieldPath]) => fieldPath === path);
    if (!formField) held[path] = message;
    else if (now[path] !== undefined) held[path] = now[path];
  }
  return held;
}
