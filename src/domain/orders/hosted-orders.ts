/**
 * Shopify's payment and fulfilment states of an order, in the dashboard's Greek. Shopify adds
 * states over time, so an unknown one is shown as Shopify wrote it rather than hidden.
 */
const FINANCIAL: Record<string, string> = {
  PAID: 'Πληρωμένη',
  PENDING: 'Αναμονή πληρωμής',
  AUTHORIZED: 'Εγκεκριμένη πληρωμή',
  PARTIALLY_PAID: 'Μερικώς πληρωμένη',
  PARTIALLY_REFUNDED: 'Μερική επιστροφή χρημάτων',
  REFUNDED: 'Επιστροφή χρημάτων',
  VOIDED: 'Ακυρωμένη πληρωμή',
  EXPIRED: 'Έληξε',
};

const FULFILLMENT: Record<string, string> = {
  UNFULFILLED: 'Προς αποστολή',
  PARTIALLY_FULFILLED: 'Μερικώς απεσταλμένη',
  FULFILLED: 'Απεσταλμένη',
  IN_PROGRESS: 'Σε εξέλιξη',
  ON_HOLD: 'Σε αναμονή',
  SCHEDULED: 'Προγραμματισμένη',
  RESTOCKED: 'Επιστράφηκε στο απόθεμα',
};

export const financialStatusLabel = (status: string) => FINANCIAL[status] ?? status;
export const fulfillmentStatusLabel = (status: string) => FULFILLMENT[status] ?? status;
