import { formatEuro } from '../text/money.ts';
import { multiLine, singleLine } from '../text/plain-text.ts';
import { DELIVERY_LABELS, PAYMENT_LABELS } from './checkout-form.ts';
import type { Order } from './order.ts';

/** What to do next, per payment and delivery (shown on the confirmation page and in the mail). */
export function paymentInstructions(
  order: Pick<Order, 'payment' | 'delivery' | 'number' | 'totalCents'>,
): string {
  if (order.payment === 'bank_transfer') {
    return `Θα λάβετε email με τα στοιχεία του τραπεζικού λογαριασμού. Στην αιτιολογία της μεταφοράς γράψτε τον αριθμό ${order.number}. Η παραγγελία αποστέλλεται μόλις πιστωθεί το ποσό των ${formatEuro(order.totalCents)}.`;
  }
  return order.delivery.method === 'courier'
    ? `Θα πληρώσετε ${formatEuro(order.totalCents)} με μετρητά στον courier κατά την παράδοση.`
    : `Θα πληρώσετε ${formatEuro(order.totalCents)} κατά την παραλαβή από το κατάστημα. Θα σας ειδοποιήσουμε όταν η παραγγελία είναι έτοιμη.`;
}

export function deliveryText(order: Pick<Order, 'delivery'>): string {
  const { delivery } = order;
  if (delivery.method === 'pickup') return DELIVERY_LABELS.pickup;
  // The shopper's own words, one line each: a line break there must not forge a line of the mail.
  const place = [delivery.street, `${delivery.postalCode} ${delivery.city}`, delivery.region]
    .map(singleLine)
    .filter(Boolean)
    .join(', ');
  return `${DELIVERY_LABELS.courier}: ${place}`;
}

function summary(order: Order): string {
  const lines = order.lines.map(
    (line) => `- ${line.quantity} × ${line.title} — ${formatEuro(line.unitPriceCents * line.quantity)}`,
  );
  return [
    ...lines,
    '',
    `Υποσύνολο: ${formatEuro(order.subtotalCents)}`,
    `Μεταφορικά: ${formatEuro(order.shippingCents)}`,
    `Σύνολο (με ΦΠΑ): ${formatEuro(order.totalCents)}`,
    '',
    `Παράδοση: ${deliveryText(order)}`,
    `Πληρωμή: ${PAYMENT_LABELS[order.payment]}`,
  ].join('\n');
}

export function confirmationMail(order: Order, orderUrl: string) {
  return {
    subject: `Η παραγγελία σας ${order.number}`,
    text: [
      `Γεια σας ${singleLine(order.customer.name)},`,
      '',
      `Λάβαμε την παραγγελία σας ${order.number}. Ευχαριστούμε!`,
      '',
      summary(order),
      '',
      paymentInstructions(order),
      '',
      `Δείτε την παραγγελία σας: ${orderUrl}`,
    ].join('\n'),
  };
}

export function ownerNotificationMail(order: Order, orderUrl: string) {
  return {
    subject: `Νέα παραγγελία ${order.number} — ${formatEuro(order.totalCents)}`,
    text: [
      `Νέα παραγγελία ${order.number} από ${singleLine(order.customer.name)} <${order.customer.email}>, τηλ. ${singleLine(order.customer.phone)}.`,
      '',
      summary(order),
      order.notes ? `\nΣημειώσεις πελάτη: ${multiLine(order.notes)}` : '',
      '',
      orderUrl,
    ].join('\n'),
  };
}
