import { formatEuro } from '../text/money.ts';
import type { Order } from './order.ts';

/**
 * What the order page says first (decision 082): thanks while the order is new, then where it
 * stands; never asks for a payment that was made, or for anything once cancelled.
 */
export function orderPageHeading(
  order: Pick<Order, 'status' | 'payment' | 'delivery' | 'totalCents' | 'history'>,
): {
  title: string;
  lead: string;
} {
  switch (order.status) {
    case 'pending':
      return {
        title: 'Ευχαριστούμε για την παραγγελία σας!',
        lead:
          order.payment === 'bank_transfer'
            ? 'Αναμένουμε την πληρωμή σας· τα στοιχεία της είναι παρακάτω.'
            : order.delivery.method === 'courier'
              ? 'Ετοιμάζουμε την παραγγελία σας για αποστολή.'
              : 'Ετοιμάζουμε την παραγγελία σας· θα σας ειδοποιήσουμε όταν είναι έτοιμη για παραλαβή.',
      };
    case 'paid':
      return {
        title: 'Λάβαμε την πληρωμή σας',
        lead:
          order.delivery.method === 'courier'
            ? 'Ετοιμάζουμε την αποστολή· θα σας στείλουμε τον αριθμό αποστολής μόλις φύγει.'
            : 'Ετοιμάζουμε την παραγγελία· θα σας ειδοποιήσουμε όταν είναι έτοιμη για παραλαβή.',
      };
    case 'shipped':
      return {
        title: 'Η παραγγελία σας απεστάλη',
        lead:
          order.payment === 'cash_on_delivery'
            ? `Θα πληρώσετε ${formatEuro(order.totalCents)} με μετρητά στον courier κατά την παράδοση.`
            : 'Παρακολουθήστε την αποστολή με τον αριθμό παρακάτω.',
      };
    case 'ready_for_pickup':
      return {
        title: 'Η παραγγελία σας είναι έτοιμη για παραλαβή',
        lead:
          order.payment === 'cash_on_delivery'
            ? `Σας περιμένουμε· θα πληρώσετε ${formatEuro(order.totalCents)} κατά την παραλαβή.`
            : 'Σας περιμένουμε· η παραγγελία είναι εξοφλημένη.',
      };
    case 'collected':
      return { title: 'Η παραγγελία σας παραλήφθηκε', lead: 'Ευχαριστούμε που ψωνίσατε από εμάς!' };
    case 'cancelled':
      return {
        title: 'Η παραγγελία σας ακυρώθηκε',
        lead: order.history.some((event) => event.status === 'paid' && event.undoneAt === null)
          ? 'Θα επικοινωνήσουμε μαζί σας για την επιστροφή των χρημάτων σας.'
          : 'Δεν χρειάζεται να πληρώσετε τίποτα για αυτήν.',
      };
  }
}

/** Whether a bank transfer is still due: the page shows the accounts and the reference. */
export const paymentDue = (order: Pick<Order, 'status' | 'payment'>): boolean =>
  order.status === 'pending' && order.payment === 'bank_transfer';

/**
 * Whether the page says how the order is paid: while it is new, for either payment (the bank
 * details, or the cash the courier or the shop will take). Later the heading says what is left.
 */
export const showsPayment = (order: Pick<Order, 'status'>): boolean => order.status === 'pending';

/** Whether the confirmation mail has reached the mail server, from the placed event's mail. */
export const confirmationSent = (order: Pick<Order, 'history'>): boolean =>
  order.history[0]?.mail?.status === 'delivered';
