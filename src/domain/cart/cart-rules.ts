/** Cart and checkout rules (spec sections 4, 5 and 9), in integer cents. */
export const MIN_ORDER_CENTS = 700;
export const MIN_ORDER_MESSAGE = 'Minimum order amount is 7€. Please add more items.';
/** maxQuantity when stock is unknown: 10 on lists and offers, 1 on the product page. */
export const DEFAULT_LIST_MAX = 10;
export const DEFAULT_PRODUCT_PAGE_MAX = 1;

/** The spec's words when the cart would hold more than the stock; also why an add button is off. */
export const tooManyMessage = (max: number) =>
  `Δεν μπορείς να προσθέσεις περισσότερα από ${max} τεμάχια αυτού του προϊόντος.`;

/** The notices a cart carries when the shop changed it since the shopper last saw it. */
export const reducedNotice = (title: string, available: number) =>
  `Η ποσότητα του «${title}» μειώθηκε σε ${available}, όσα υπάρχουν διαθέσιμα.`;
export const soldOutNotice = (title: string) => `Το «${title}» εξαντλήθηκε και αφαιρέθηκε από το καλάθι.`;

export type Priced = { quantity: number; priceCents: number };

export function cartTotals(lines: readonly Priced[]): { totalQuantity: number; subtotalCents: number } {
  let totalQuantity = 0;
  let subtotalCents = 0;
  for (const line of lines) {
    totalQuantity += line.quantity;
    subtotalCents += line.quantity * line.priceCents;
  }
  return { totalQuantity, subtotalCents };
}

export const canCheckout = (subtotalCents: number) => subtotalCents >= MIN_ORDER_CENTS;

/** How many more of an item fit: stock minus what the cart holds, never below 0. */
export function remainingStock(maxQuantity: number, inCart: number): number {
  return Math.max(0, maxQuantity - inCart);
}

/** Whether adding `quantity` keeps the cart within `maxQuantity` (spec section 5). */
export function canAdd(quantity: number, inCart: number, maxQuantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && inCart + quantity <= maxQuantity;
}

export type StepperState = {
  remaining: number;
  value: number;
  minusDisabled: boolean;
  plusDisabled: boolean;
};

/**
 * A quantity stepper (spec sections 4 and 5): starts at 1; shows 0 with plus disabled once the cart
 * holds the whole stock; minus is disabled at 1 or less, plus at the remaining stock.
 */
export function stepperState(selected: number, maxQuantity: number, inCart: number): StepperState {
  const remaining = remainingStock(maxQuantity, inCart);
  const value = remaining === 0 ? 0 : Math.min(Math.max(selected, 1), remaining);
  return { remaining, value, minusDisabled: value <= 1, plusDisabled: value >= remaining };
}
