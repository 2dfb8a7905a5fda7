/**
 * The "notify me when back in stock" form (decision 087), checked the same way in the browser and
 * on the server (schema.ts). No zod here: the product page's island imports this module, and a
 * storefront island ships no validator (decision 060).
 */

export const STOCK_ALERT_MESSAGES = {
  open: 'Ενημερώστε με όταν είναι διαθέσιμο',
  consent:
    'Συμφωνώ να μου στείλετε ένα μόνο email όταν η κάρτα είναι ξανά διαθέσιμη. Μετά την αποστολή η διεύθυνσή μου διαγράφεται, και σε κάθε περίπτωση σε 6 μήνες.',
  submit: 'Ειδοποιήστε με',
  sending: 'Αποστολή...',
  /** The one answer to every accepted request: it never tells whether the address was already waiting. */
  requested:
    'Σας στείλαμε ένα email. Πατήστε τον σύνδεσμο που περιέχει για να επιβεβαιώσετε την ειδοποίηση (ισχύει 48 ώρες).',
  emailRequired: 'Το email είναι υποχρεωτικό.',
  emailInvalid: 'Συμπληρώστε ένα έγκυρο email.',
  consentMissing: 'Χρειάζεται η συγκατάθεσή σας για να σας στείλουμε το email: τσεκάρετε το πλαίσιο.',
  productMissing: 'Το προϊόν δεν βρέθηκε.',
  inStock: 'Η κάρτα είναι ήδη διαθέσιμη: μπορείτε να την αγοράσετε τώρα.',
  tooMany: 'Πάρα πολλά αιτήματα ειδοποίησης. Δοκιμάστε ξανά σε λίγα λεπτά.',
  failed: 'Κάτι πήγε στραβά. Προσπάθησε ξανά.',
} as const;

export const STOCK_ALERT_LIMITS = {
  email: 254,
  productId: 200,
  /** The whole JSON request: an id, an address and a flag. */
  bodyBytes: 2 * 1024,
} as const;

/** What the island sends to POST /api/stock-alerts. */
export type StockAlertRequest = { productId: string; email: string; consent: boolean };

export type StockAlertErrors = Partial<Record<'email' | 'consent', string>>;

// A first look for the browser; the server's zod email check (schema.ts) has the last word.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Field -> message, the browser's check before it sends; empty when the form may be sent. */
export function stockAlertErrors(form: { email: string; consent: boolean }): StockAlertErrors {
  const errors: StockAlertErrors = {};
  const email = form.email.trim();
  if (email === '') errors.email = STOCK_ALERT_MESSAGES.emailRequired;
  else if (email.length > STOCK_ALERT_LIMITS.email || !LOOKS_LIKE_EMAIL.test(email))
    errors.email = STOCK_ALERT_MESSAGES.emailInvalid;
  if (form.consent !== true) errors.consent = STOCK_ALERT_MESSAGES.consentMissing;
  return errors;
}
