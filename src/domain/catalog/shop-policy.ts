/**
 * The shop's delivery and returns terms as data, for structured data (JSON-LD). They restate the
 * terms page (/terms: "Αποστολή" and "Δικαίωμα υπαναχώρησης"); a change there changes them here.
 */
export const SHOP_POLICY = {
  /** Shipping only within Greece. */
  shippingCountry: 'GR',
  /** Business days from confirmation or payment to dispatch. */
  handlingDays: { min: 1, max: 3 },
  /** Business days the courier takes. */
  transitDays: { min: 1, max: 4 },
  /** Days to withdraw from a purchase after delivery (Greek law 2251/1994). */
  returnDays: 14,
} as const;
