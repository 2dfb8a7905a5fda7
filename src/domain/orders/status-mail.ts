import type { ShopSettings } from '../settings/shop-settings.ts';
import { formatEuro } from '../text/money.ts';
import { singleLine } from '../text/plain-text.ts';
import { carrierName, trackingUrl } from './carriers.ts';
import { STATUS_LABELS } from './lifecycle.ts';
import type { Order, OrderEvent } from './order.ts';
import { pickupPointText, signature } from './order-mail.ts';

/**
 * The mail a status change sends the shopper (decision 082): paid, shipped (with the courier and
 * the parcel's tracking link), ready for pickup (with the pickup point), cancelled (with the
 * reason). Collected sends none: the shopper was there. Plain text in Greek, signed by the shop.
 */
type Mail = { subject: string; text: string };
type Shop = Pick<ShopSettings, 'identity' | 'pickup'>;

const greeting = (order: Order) => `Γεια σας ${singleLine(order.customer.name)},`;

function body(order: Order, orderUrl: string, shop: Shop, lines: string[]): string {
  return [
    greeting(order),
    '',
    ...lines,
    '',
    `Δείτε την παραγγελία σας: ${orderUrl}`,
    '',
    signature(shop),
  ].join('\n');
}

export function statusMail(order: Order, event: OrderEvent, orderUrl: string, shop: Shop): Mail | null {
  const number = order.number;
  switch (event.status) {
    case 'paid':
      return {
        subject: `Λάβαμε την πληρωμή της παραγγελίας σας ${number}`,
        text: body(order, orderUrl, shop, [
          `Λάβαμε την πληρωμή σας (${formatEuro(order.totalCents)}) για την παραγγελία ${number}. Ευχαριστούμε!`,
          order.delivery.method === 'courier'
            ? 'Ετοιμάζουμε την αποστολή και θα σας στείλουμε τον αριθμό αποστολής μόλις φύγει.'
            : 'Ετοιμάζουμε την παραγγελία και θα σας ειδοποιήσουμε όταν είναι έτοιμη για παραλαβή.',
        ]),
      };
    case 'shipped': {
      const shipment = event.shipment;
      const link = shipment ? trackingUrl(shipment) : null;
      return {
        subject: `Η παραγγελία σας ${number} απεστάλη`,
        text: body(order, orderUrl, shop, [
          `Η παραγγελία σας ${number} απεστάλη${shipment ? ` με ${carrierName(shipment)}` : ''}.`,
          ...(shipment?.trackingNumber ? [`Αριθμός αποστολής: ${shipment.trackingNumber}`] : []),
          ...(link ? [`Παρακολουθήστε την αποστολή: ${link}`] : []),
          ...(order.payment === 'cash_on_delivery'
            ? [`Θα πληρώσετε ${formatEuro(order.totalCents)} με μετρητά στον courier κατά την παράδοση.`]
            : []),
        ]),
      };
    }
    case 'ready_for_pickup':
      return {
        subject: `Η παραγγελία σας ${number} είναι έτοιμη για παραλαβή`,
        text: body(order, orderUrl, shop, [
          `Η παραγγελία σας ${number} είναι έτοιμη και σας περιμένει.`,
          `Σημείο παραλαβής: ${pickupPointText(shop)}`,
          ...(shop.pickup.mapUrl ? [`Χάρτης: ${shop.pickup.mapUrl}`] : []),
          order.payment === 'cash_on_delivery'
            ? `Θα πληρώσετε ${formatEuro(order.totalCents)} κατά την παραλαβή.`
            : 'Η παραγγελία είναι εξοφλημένη.',
          `Πείτε τον αριθμό ${number} όταν έρθετε.`,
        ]),
      };
    case 'cancelled':
      return {
        subject: `Η παραγγελία σας ${number} ακυρώθηκε`,
        text: body(order, orderUrl, shop, [
          `Η παραγγελία σας ${number} ακυρώθηκε.`,
          ...(event.reason ? [`Αιτία: ${singleLine(event.reason)}`] : []),
          order.history.some((step) => step.status === 'paid' && step.undoneAt === null)
            ? 'Θα επικοινωνήσουμε μαζί σας για την επιστροφή των χρημάτων σας.'
            : 'Δεν χρειάζεται να πληρώσετε τίποτα.',
          `Για ό,τι χρειαστείτε: ${shop.identity.phone} · ${shop.identity.email}`,
        ]),
      };
    default:
      return null;
  }
}

/** What the shopper is told when a move they were mailed about is undone: the order's status now. */
export function correctionMail(order: Order, undone: OrderEvent, orderUrl: string, shop: Shop): Mail {
  return {
    subject: `Διόρθωση για την παραγγελία σας ${order.number}`,
    text: body(order, orderUrl, shop, [
      `Το προηγούμενο μήνυμά μας για την παραγγελία ${order.number} («${STATUS_LABELS[undone.status]}») στάλθηκε κατά λάθος.`,
      `Η παραγγελία σας είναι τώρα: «${STATUS_LABELS[order.status]}». Ζητούμε συγγνώμη για τη σύγχυση.`,
    ]),
  };
}
