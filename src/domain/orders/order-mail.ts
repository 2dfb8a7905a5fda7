import { formatIban } from '../settings/checks.ts';
import type { BankAccount, ShopSettings } from '../settings/shop-settings.ts';
import { formatEuro } from '../text/money.ts';
import { multiLine, singleLine } from '../text/plain-text.ts';
import { DELIVERY_LABELS, PAYMENT_LABELS } from './checkout-form.ts';
import type { Order } from './order.ts';

/**
 * What an order's shopper is told, in the confirmation mail and on the order page alike: the
 * lines and totals, where the order goes, and what to do next with the shop's own details
 * (bank accounts, pickup point) from its settings (decision 081).
 */
type ShopDetails = Pick<ShopSettings, 'bankAccounts' | 'pickup' | 'identity'>;

/** One bank account as the shopper copies it into a transfer. */
export const bankAccountText = (account: BankAccount): string =>
  `${account.bank}, δικαιούχος ${account.beneficiary}, IBAN ${formatIban(account.iban)}`;

/** Where and when a pickup order is collected. */
export const pickupPointText = ({ pickup }: Pick<ShopSettings, 'pickup'>): string =>
  [pickup.address, pickup.hours].filter(Boolean).join(' · ');

/** The payment still due, with everything needed to make it. */
export function paymentInstructions(
  order: Pick<Order, 'payment' | 'delivery' | 'number' | 'totalCents'>,
  shop: ShopDetails,
): string {
  if (order.payment === 'bank_transfer') {
    const accounts = shop.bankAccounts.map((account) => `- ${bankAccountText(account)}`);
    const next =
      order.delivery.method === 'courier'
        ? 'Η παραγγελία αποστέλλεται μόλις πιστωθεί το ποσό.'
        : 'Μόλις πιστωθεί το ποσό, θα σας ειδοποιήσουμε ότι η παραγγελία είναι έτοιμη για παραλαβή.';
    return [
      `Καταθέστε ${formatEuro(order.totalCents)} σε ${accounts.length > 1 ? 'έναν από τους λογαριασμούς' : 'τον λογαριασμό'}:`,
      ...accounts,
      `Στην αιτιολογία της μεταφοράς γράψτε τον αριθμό ${order.number}. ${next}`,
    ].join('\n');
  }
  return order.delivery.method === 'courier'
    ? `Θα πληρώσετε ${formatEuro(order.totalCents)} με μετρητά στον courier κατά την παράδοση.`
    : `Θα πληρώσετε ${formatEuro(order.totalCents)} κατά την παραλαβή από το κατάστημα. Θα σας ειδοποιήσουμε όταν η παραγγελία είναι έτοιμη.`;
}

export function deliveryText(order: Pick<Order, 'delivery'>, shop: Pick<ShopSettings, 'pickup'>): string {
  const { delivery } = order;
  if (delivery.method === 'pickup') {
    const point = pickupPointText(shop);
    return point ? `${DELIVERY_LABELS.pickup}: ${point}` : DELIVERY_LABELS.pickup;
  }
  // The shopper's own words, one line each: a line break there must not forge a line of the mail.
  const place = [delivery.street, `${delivery.postalCode} ${delivery.city}`, delivery.region]
    .map(singleLine)
    .filter(Boolean)
    .join(', ');
  return `${DELIVERY_LABELS.courier}: ${place}`;
}

function summary(order: Order, shop: ShopDetails): string {
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
    `Παράδοση: ${deliveryText(order, shop)}`,
    `Πληρωμή: ${PAYMENT_LABELS[order.payment]}`,
  ].join('\n');
}

/** The shop's signature under every mail to a shopper. */
export const signature = ({ identity }: Pick<ShopSettings, 'identity'>): string =>
  ['—', identity.tradeName, `${identity.phone} · ${identity.email}`].join('\n');

export function confirmationMail(order: Order, orderUrl: string, shop: ShopDetails) {
  return {
    subject: `Η παραγγελία σας ${order.number}`,
    text: [
      `Γεια σας ${singleLine(order.customer.name)},`,
      '',
      `Λάβαμε την παραγγελία σας ${order.number}. Ευχαριστούμε!`,
      '',
      summary(order, shop),
      '',
      paymentInstructions(order, shop),
      '',
      `Δείτε την παραγγελία σας: ${orderUrl}`,
      '',
      signature(shop),
    ].join('\n'),
  };
}

export function ownerNotificationMail(order: Order, orderUrl: string, shop: ShopDetails) {
  return {
    subject: `Νέα παραγγελία ${order.number} — ${formatEuro(order.totalCents)}`,
    text: [
      `Νέα παραγγελία ${order.number} από ${singleLine(order.customer.name)} <${order.customer.email}>, τηλ. ${singleLine(order.customer.phone)}.`,
      '',
      summary(order, shop),
      order.notes ? `\nΣημειώσεις πελάτη: ${multiLine(order.notes)}` : '',
      '',
      orderUrl,
    ].join('\n'),
  };
}
