import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/catalog/product.ts';
import { LIFECYCLE_MESSAGES } from '../../../src/domain/orders/lifecycle.ts';
import type { Delivery, Order, PaymentMethod } from '../../../src/domain/orders/order.ts';
import { confirmationSent, orderPageHeading, paymentDue } from '../../../src/domain/orders/order-page.ts';
import { changeOrderStatus, undoOrderStatus } from '../../../src/server/orders/order-status.ts';
import { placeOrder } from '../../../src/server/orders/place-order.ts';
import { countRows, ORDER_SHOPS, type OrderShop } from '../../helpers/order-shop.ts';

/**
 * The order lifecycle on the embedded engine (decision 082), on SQLite and on PostgreSQL: every
 * route walked to its end with the mails each step sends, what cannot be done, undo, the search
 * the dashboard uses.
 */
const COURIER: Delivery = {
  method: 'courier',
  street: 'Πανεπιστημίου 10',
  city: 'Αθήνα',
  postalCode: '10431',
  region: '',
};
const PICKUP: Delivery = { method: 'pickup' };

let shop: OrderShop;
/** The parts of the container the use cases read, on the test's database. */
let container: OrderShop['container'];
let card: Product;
let keys = 0;

async function order(
  delivery: Delivery,
  payment: PaymentMethod,
  customer = { name: 'Μαρία Παπαδοπούλου', email: 'maria@example.gr', phone: '6912345678' },
): Promise<Order> {
  const cart = await container.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
  return placeOrder(container, cart.id, {
    ...customer,
    delivery,
    payment,
    notes: '',
    idempotencyKey: `key-order-status-${String(keys++).padStart(8, '0')}`,
  });
}

/** The mails queued to the shopper about this order after the confirmation, oldest first. */
async function statusMails(placed: Order) {
  const outbox = await container.mail.listOutbox({ limit: 100 });
  return outbox
    .filter((mail) => mail.kind === 'order-status' && mail.to === placed.customer.email)
    .filter((mail) => mail.subject.includes(placed.number))
    .reverse();
}

const stock = async () => (await container.commerce.getProduct(card.variantId))?.available;

for (const [database, openShop] of ORDER_SHOPS)
  describe(`the order lifecycle on the embedded engine: ${database}`, () => {
    beforeEach(async () => {
      shop = await openShop({ SHOP_EMAIL: 'owner@example.gr' });
      container = shop.container;
      ({ product: card } = await shop.commerce.createProduct({
        title: '2023-24 Panini Prizm Giannis Antetokounmpo #1',
        priceCents: 2500,
        quantity: 20,
        tags: [],
        productType: 'Card',
      }));
    });
    afterEach(() => shop.close());

    describe('every route, walked to its end', () => {
      it('courier and bank transfer: paid, then shipped with the parcel and its tracking link', async () => {
        const placed = await order(COURIER, 'bank_transfer');
        expect(paymentDue(placed)).toBe(true);
        expect(orderPageHeading(placed).title).toBe('Ευχαριστούμε για την παραγγελία σας!');

        const paid = await changeOrderStatus(container, placed.id, { status: 'paid' });
        expect(paymentDue(paid)).toBe(false);
        const shipped = await changeOrderStatus(container, placed.id, {
          status: 'shipped',
          shipment: { carrier: 'acs', trackingNumber: '7201234567' },
        });
        expect(shipped.status).toBe('shipped');
        expect(shipped.shipment).toEqual({ carrier: 'acs', trackingNumber: '7201234567' });
        expect(shipped.history.map((event) => event.status)).toEqual(['pending', 'paid', 'shipped']);

        const mails = await statusMails(placed);
        expect(mails.map((mail) => mail.subject)).toEqual([
          `Λάβαμε την πληρωμή της παραγγελίας σας ${placed.number}`,
          `Η παραγγελία σας ${placed.number} απεστάλη`,
        ]);
        expect(mails[1]?.text).toContain('Αριθμός αποστολής: 7201234567');
        expect(mails[1]?.text).toContain(
          'https://www.acscourier.net/el/myacs/anafores-apostolwn/anazitisi-apostolwn/?trackingNumber=7201234567',
        );
        expect(mails[1]?.replyTo).toBe('owner@example.gr');
        expect(orderPageHeading(shipped).title).toBe('Η παραγγελία σας απεστάλη');
      });

      it('courier and cash on delivery: shipped straight away, with the amount for the courier', async () => {
        const placed = await order(COURIER, 'cash_on_delivery');
        expect(paymentDue(placed)).toBe(false);
        await changeOrderStatus(container, placed.id, {
          status: 'shipped',
          shipment: { carrier: 'other', carrierName: 'Courier Center', trackingNumber: '' },
        });
        const [mail] = await statusMails(placed);
        expect(mail?.text).toContain('απεστάλη με Courier Center');
        expect(mail?.text).toContain('με μετρητά στον courier');
        expect(mail?.text).not.toContain('Παρακολουθήστε');
      });

      it('pickup and bank transfer: paid, ready with the pickup point, then collected with no mail', async () => {
        const placed = await order(PICKUP, 'bank_transfer');
        await changeOrderStatus(container, placed.id, { status: 'paid' });
        const ready = await changeOrderStatus(container, placed.id, { status: 'ready_for_pickup' });
        expect(orderPageHeading(ready).title).toBe('Η παραγγελία σας είναι έτοιμη για παραλαβή');
        const collected = await changeOrderStatus(container, placed.id, { status: 'collected' });
        expect(collected.history.map((event) => event.status)).toEqual([
          'pending',
          'paid',
          'ready_for_pickup',
          'collected',
        ]);
        const mails = await statusMails(placed);
        expect(mails).toHaveLength(2);
        expect(mails[1]?.subject).toBe(`Η παραγγελία σας ${placed.number} είναι έτοιμη για παραλαβή`);
        expect(mails[1]?.text).toContain('Σημείο παραλαβής: Ερμού 25, 10563 Αθήνα');
        expect(mails[1]?.text).toContain('Η παραγγελία είναι εξοφλημένη.');
      });

      it('pickup, paid at pickup: ready (with the amount to bring), then collected', async () => {
        const placed = await order(PICKUP, 'cash_on_delivery');
        await changeOrderStatus(container, placed.id, { status: 'ready_for_pickup' });
        await changeOrderStatus(container, placed.id, { status: 'collected' });
        const [mail] = await statusMails(placed);
        expect(mail?.text).toContain('κατά την παραλαβή');
      });
    });

    describe('what the lifecycle refuses', () => {
      it('a move off the route answers 409 in Greek, changes nothing and mails nobody', async () => {
        const placed = await order(PICKUP, 'cash_on_delivery');
        await expect(changeOrderStatus(container, placed.id, { status: 'paid' })).rejects.toMatchObject({
          kind: 'conflict',
          message: LIFECYCLE_MESSAGES.notAllowed('pending', 'paid'),
        });
        await expect(
          changeOrderStatus(container, placed.id, {
            status: 'shipped',
            shipment: { carrier: 'acs', trackingNumber: '1234' },
          }),
        ).rejects.toMatchObject({ kind: 'conflict' });
        expect((await container.orders.getOrder(placed.id))?.history).toHaveLength(1);
        expect(await statusMails(placed)).toEqual([]);
      });

      it('nothing moves a cancelled or shipped order', async () => {
        const placed = await order(COURIER, 'cash_on_delivery');
        await changeOrderStatus(container, placed.id, {
          status: 'shipped',
          shipment: { carrier: 'elta', trackingNumber: 'AB1234' },
        });
        await expect(changeOrderStatus(container, placed.id, { status: 'cancelled' })).rejects.toMatchObject({
          kind: 'conflict',
        });
      });
    });

    describe('cancelling', () => {
      it('puts the stock back and tells the shopper why; once paid, that the money comes back', async () => {
        const placed = await order(COURIER, 'bank_transfer');
        expect(await stock()).toBe(19);
        await changeOrderStatus(container, placed.id, { status: 'paid' });
        const cancelled = await changeOrderStatus(container, placed.id, {
          status: 'cancelled',
          reason: 'Η κάρτα βρέθηκε χτυπημένη',
        });
        expect(await stock()).toBe(20);
        expect(orderPageHeading(cancelled).lead).toContain('επιστροφή των χρημάτων');
        const [, mail] = await statusMails(placed);
        expect(mail?.subject).toBe(`Η παραγγελία σας ${placed.number} ακυρώθηκε`);
        expect(mail?.text).toContain('Αιτία: Η κάρτα βρέθηκε χτυπημένη');
        expect(mail?.text).toContain('επιστροφή των χρημάτων');
      });

      it('cannot be undone', async () => {
        const placed = await order(COURIER, 'bank_transfer');
        await changeOrderStatus(container, placed.id, { status: 'cancelled' });
        await expect(undoOrderStatus(container, placed.id)).rejects.toMatchObject({
          kind: 'conflict',
          message: LIFECYCLE_MESSAGES.nothingToUndo,
        });
      });
    });

    describe('undo', () => {
      it('withdraws the mail while it waits in the outbox: the shopper is never told', async () => {
        const placed = await order(COURIER, 'bank_transfer');
        await changeOrderStatus(container, placed.id, { status: 'paid' });
        const outboxBefore = await countRows(shop, 'mail_outbox');
        const undone = await undoOrderStatus(container, placed.id);
        expect(undone.status).toBe('pending');
        expect(undone.history.map((event) => [event.status, event.undoneAt !== null])).toEqual([
          ['pending', false],
          ['paid', true],
        ]);
        expect(await countRows(shop, 'mail_outbox')).toBe(outboxBefore - 1);
        expect(await statusMails(placed)).toEqual([]);
        expect(paymentDue(undone)).toBe(true);
      });

      it('corrects a mail that went out, and then the order moves on again', async () => {
        const placed = await order(PICKUP, 'cash_on_delivery');
        await changeOrderStatus(container, placed.id, { status: 'ready_for_pickup' });
        await shop.store.db.updateTable('mail_outbox').set({ status: 'delivered' }).execute();
        const undone = await undoOrderStatus(container, placed.id);
        expect(undone.status).toBe('pending');
        const mails = await statusMails(placed);
        expect(mails.map((mail) => mail.subject)).toEqual([
          `Η παραγγελία σας ${placed.number} είναι έτοιμη για παραλαβή`,
          `Διόρθωση για την παραγγελία σας ${placed.number}`,
        ]);
        expect(mails[1]?.text).toContain('στάλθηκε κατά λάθος');
        expect(mails[1]?.text).toContain('«Σε αναμονή»');
        await expect(
          changeOrderStatus(container, placed.id, { status: 'ready_for_pickup' }),
        ).resolves.toMatchObject({
          status: 'ready_for_pickup',
        });
      });

      it('corrects a mail being sent at that moment, and never before it goes out', async () => {
        const placed = await order(COURIER, 'bank_transfer');
        await changeOrderStatus(container, placed.id, { status: 'paid' });
        // The outbox has claimed the mail (as deliverDue does): it is on its way to the shopper.
        const claimedUntil = new Date(Date.now() + 5 * 60_000).toISOString();
        await shop.store.db
          .updateTable('mail_outbox')
          .set({ next_attempt_at: claimedUntil })
          .where('kind', '=', 'order-status')
          .execute();
        await undoOrderStatus(container, placed.id);
        const mails = await statusMails(placed);
        expect(mails.map((mail) => mail.subject)).toEqual([
          `Λάβαμε την πληρωμή της παραγγελίας σας ${placed.number}`,
          `Διόρθωση για την παραγγελία σας ${placed.number}`,
        ]);
        expect(Date.parse(mails[1]?.nextAttemptAt ?? '')).toBeGreaterThan(Date.parse(claimedUntil));
      });

      it('has nothing to undo on a new order', async () => {
        const placed = await order(COURIER, 'bank_transfer');
        await expect(undoOrderStatus(container, placed.id)).rejects.toMatchObject({ kind: 'conflict' });
      });
    });

    describe('the confirmation mail, as the order page sees it', () => {
      it('is "on its way" until the outbox has delivered it', async () => {
        const placed = await order(COURIER, 'bank_transfer');
        expect(confirmationSent(placed)).toBe(false);
        await shop.store.db.updateTable('mail_outbox').set({ status: 'delivered' }).execute();
        expect(confirmationSent((await container.orders.getOrder(placed.id)) as Order)).toBe(true);
      });
    });

    describe("the dashboard: search, counts, a shopper's other orders", () => {
      it('finds by number, name (accents and case ignored), email and phone, and counts every status', async () => {
        const maria = await order(COURIER, 'bank_transfer');
        const nikos = await order(PICKUP, 'cash_on_delivery', {
          name: 'Νίκος Αλεξίου',
          email: 'nikos@example.gr',
          phone: '6987654321',
        });
        await changeOrderStatus(container, nikos.id, { status: 'ready_for_pickup' });
        const found = async (search: string) =>
          (await container.orders.listOrders({ search, page: 1, pageSize: 20 })).orders.map(
            (found) => found.number,
          );
        expect(await found(maria.number)).toEqual([maria.number]);
        expect(await found('ΝΙΚΟΣ αλεξιου')).toEqual([nikos.number]);
        expect(await found('nikos@example')).toEqual([nikos.number]);
        expect(await found('6987')).toEqual([nikos.number]);
        expect(await found('κανείς')).toEqual([]);
        const list = await container.orders.listOrders({ page: 1, pageSize: 20 });
        expect(list.counts).toEqual({
          pending: 1,
          paid: 0,
          shipped: 0,
          ready_for_pickup: 1,
          collected: 0,
          cancelled: 0,
        });
        expect(await container.orders.orderCounts()).toEqual(list.counts);
      });

      it("lists a shopper's orders by email, newest first, whatever its case", async () => {
        const first = await order(COURIER, 'bank_transfer');
        const second = await order(PICKUP, 'cash_on_delivery', {
          name: 'Μαρία Π.',
          email: 'MARIA@example.gr',
          phone: '6912345678',
        });
        await order(COURIER, 'bank_transfer', {
          name: 'Άλλος',
          email: 'other@example.gr',
          phone: '6900000000',
        });
        expect(
          (await container.orders.customerOrders('maria@example.gr')).map((found) => found.number),
        ).toEqual([second.number, first.number]);
      });
    });
  });
