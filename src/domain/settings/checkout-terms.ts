/**
 * What checkout needs of the shop's settings (decision 081): the courier fee and from when it is
 * free, the payments the shop takes, the pickup point. Plain data with no schema, so the checkout
 * island ships none (its page holds to the 100 KB JavaScript budget).
 */
export type CheckoutTerms = {
  courierFeeCents: number;
  /** Orders of at least this subtotal ship free; null: never free. */
  freeShippingFromCents: number | null;
  payments: { bankTransfer: boolean; cashOnDelivery: boolean };
  pickup: { enabled: boolean; address: string; hours: string; mapUrl: string };
};

/** The courier fee of an order of `subtotalCents`: free from the threshold on, when there is one. */
export function courierFee(
  terms: Pick<CheckoutTerms, 'courierFeeCents' | 'freeShippingFromCents'>,
  subtotalCents: number,
) {
  const { courierFeeCents, freeShippingFromCents } = terms;
  return freeShippingFromCents !== null && subtotalCents >= freeShippingFromCents ? 0 : courierFeeCents;
}

export const CHECKOUT_TERMS_MESSAGES = {
  paymentNotTaken: 'Αυτός ο τρόπος πληρωμής δεν είναι διαθέσιμος.',
  pickupNotOffered: 'Η παραλαβή από το κατάστημα δεν είναι διαθέσιμη.',
} as const;
