import type { Order, OrderStatus } from './order.ts';

/**
 * An order's statuses and the moves between them (decision 082), which depend on how the order is
 * delivered and paid:
 *
 *   courier, bank transfer:   pending → paid → shipped
 *   courier, cash on delivery: pending → shipped                 (the courier collects the money)
 *   pickup, bank transfer:    pending → paid → ready_for_pickup → collected
 *   pickup, paid at pickup:   pending → ready_for_pickup → collected
 *
 * An order can be cancelled (its stock goes back) until it has left the shop: not once shipped
 * or collected. The last move, if it was not a cancellation, can be undone (lifecycle undo below).
 */
/** What an order's moves depend on. */
export type OrderRoute = Pick<Order, 'delivery' | 'payment'>;

/** The statuses an order goes through, in order, for its delivery and payment. */
export function statusPath({ delivery, payment }: OrderRoute): readonly OrderStatus[] {
  const paidFirst = payment === 'bank_transfer';
  if (delivery.method === 'courier')
    return paidFirst ? ['pending', 'paid', 'shipped'] : ['pending', 'shipped'];
  return paidFirst
    ? ['pending', 'paid', 'ready_for_pickup', 'collected']
    : ['pending', 'ready_for_pickup', 'collected'];
}

/** Statuses after which nothing more happens to an order. */
export const isFinal = (status: OrderStatus): boolean =>
  status === 'shipped' || status === 'collected' || status === 'cancelled';

/** The statuses an order in `status` may move to now: the next step of its path, or cancelled. */
export function nextStatuses(order: OrderRoute & { status: OrderStatus }): OrderStatus[] {
  if (isFinal(order.status)) return [];
  const path = statusPath(order);
  const step = path.indexOf(order.status);
  const next = step === -1 ? undefined : path[step + 1];
  return next ? [next, 'cancelled'] : ['cancelled'];
}

export const canMove = (order: OrderRoute & { status: OrderStatus }, to: OrderStatus): boolean =>
  nextStatuses(order).includes(to);

/**
 * Where undoing a move from `from` to `to` goes back to, or null when it cannot be undone: a
 * cancellation put the stock back and may have sold it since, so it stays.
 */
export function undoTarget(order: OrderRoute, from: OrderStatus, to: OrderStatus): OrderStatus | null {
  if (to === 'cancelled') return null;
  const path = statusPath(order);
  const step = path.indexOf(to);
  return step > 0 && path[step - 1] === from ? from : null;
}

/** The owner's words for each status (badges, filters, the history). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Σε αναμονή',
  paid: 'Πληρώθηκε',
  shipped: 'Απεστάλη',
  ready_for_pickup: 'Έτοιμη για παραλαβή',
  collected: 'Παραλήφθηκε',
  cancelled: 'Ακυρώθηκε',
};

/** The buttons that move an order to a status: the verb, not the state. */
export const MOVE_LABELS: Record<Exclude<OrderStatus, 'pending'>, string> = {
  paid: 'Σήμανση ως πληρωμένη',
  shipped: 'Σήμανση ως απεσταλμένη',
  ready_for_pickup: 'Έτοιμη για παραλαβή',
  collected: 'Σήμανση ως παραληφθείσα',
  cancelled: 'Ακύρωση παραγγελίας',
};

export const LIFECYCLE_MESSAGES = {
  notAllowed: (from: OrderStatus, to: OrderStatus) =>
    `Η παραγγελία δεν μπορεί να περάσει από «${STATUS_LABELS[from]}» σε «${STATUS_LABELS[to]}».`,
  nothingToUndo: 'Δεν υπάρχει αλλαγή κατάστασης που να μπορεί να αναιρεθεί.',
  notFound: 'Η παραγγελία δεν βρέθηκε.',
  carrier: 'Επιλέξτε μεταφορική εταιρεία.',
  trackingNumber: 'Ο αριθμός αποστολής έχει 4 έως 40 γράμματα, ψηφία ή παύλες.',
  carrierName: 'Γράψτε το όνομα της μεταφορικής εταιρείας.',
} as const;
