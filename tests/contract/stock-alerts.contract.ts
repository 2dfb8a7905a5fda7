import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxEntry, OutgoingMail } from '../../src/domain/mail/outgoing-mail.ts';
import {
  CONFIRM_LINK_TTL_MS,
  MAX_AGE_MS,
  NOTIFIED_KEEP_MS,
} from '../../src/domain/stock-alerts/stock-alert.ts';
import type { StockAlertLinks, StockAlertPort } from '../../src/ports/stock-alerts.ts';

/** One empty subscriptions backend with the outbox its mails go to, for one test. */
export type StockAlertHarness = {
  alerts: StockAlertPort;
  /** Every mail queued so far, oldest first. */
  mails(): Promise<OutboxEntry[]>;
  close(): Promise<void> | void;
};

const CARD = 'gid://shop/Product/101';
const OTHER = 'gid://shop/Product/202';
const T0 = new Date('2026-11-27T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

/** The confirmation mail as the server builds it; the tokens ride in its text for the test to read. */
const confirmation =
  (email: string) =>
  ({ confirmToken, unsubscribeToken }: StockAlertLinks): OutgoingMail => ({
    kind: 'stock-alert-confirm',
    to: email,
    subject: 'Επιβεβαίωση',
    text: `confirm=${confirmToken} unsubscribe=${unsubscribeToken}`,
  });
const backInStock = ({
  email,
  unsubscribeToken,
}: {
  email: string;
  unsubscribeToken: string;
}): OutgoingMail => ({
  kind: 'back-in-stock',
  to: email,
  subject: 'Ξανά διαθέσιμη',
  text: `unsubscribe=${unsubscribeToken}`,
});
const token = (mail: OutboxEntry | undefined, name: 'confirm' | 'unsubscribe') =>
  new RegExp(`${name}=(\\S+)`).exec(mail?.text ?? '')?.[1] ?? '';

/** What every back-in-stock subscriptions adapter must do (decision 087). */
export function stockAlertsContract(backend: string, open: () => Promise<StockAlertHarness>): void {
  describe(`stock alerts port contract (${backend})`, () => {
    let harness: StockAlertHarness;
    let alerts: StockAlertPort;
    beforeEach(async () => {
      harness = await open();
      alerts = harness.alerts;
    });
    afterEach(async () => {
      await harness.close();
    });

    /** Asks and confirms; answers the confirmation mail. */
    async function subscribe(email: string, productId = CARD, at = T0) {
      await alerts.request({ productId, email }, confirmation(email), at);
      const mail = (await harness.mails()).findLast((entry) => entry.to === email);
      expect(await alerts.confirm(token(mail, 'confirm'), at)).toEqual({ outcome: 'confirmed', productId });
      return mail;
    }

    it('keeps a request pending, with its confirmation mail, until its link confirms it', async () => {
      await alerts.request(
        { productId: CARD, email: 'maria@example.gr' },
        confirmation('maria@example.gr'),
        T0,
      );
      const mails = await harness.mails();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        kind: 'stock-alert-confirm',
        to: 'maria@example.gr',
        status: 'pending',
      });
      expect(await alerts.waitingCounts([CARD])).toEqual({});
      expect(await alerts.waitingProducts(10)).toEqual([]);

      expect(await alerts.confirm(token(mails[0], 'confirm'), later(60_000))).toEqual({
        outcome: 'confirmed',
        productId: CARD,
      });
      expect(await alerts.waitingCounts([CARD, OTHER])).toEqual({ [CARD]: 1 });
      expect(await alerts.waitingProducts(10)).toEqual([CARD]);
      // A second use of the link says the same and changes nothing.
      expect(await alerts.confirm(token(mails[0], 'confirm'), later(120_000))).toMatchObject({
        outcome: 'confirmed',
      });
      expect(await alerts.waitingCounts([CARD])).toEqual({ [CARD]: 1 });
    });

    it('confirms once when the link is opened twice at once', async () => {
      await alerts.request(
        { productId: CARD, email: 'twice@example.gr' },
        confirmation('twice@example.gr'),
        T0,
      );
      const link = token((await harness.mails())[0], 'confirm');
      const outcomes = await Promise.all([alerts.confirm(link, T0), alerts.confirm(link, T0)]);
      expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['confirmed', 'confirmed']);
      expect(await alerts.waitingCounts([CARD])).toEqual({ [CARD]: 1 });
    });

    it('refuses unknown, empty and expired links', async () => {
      expect(await alerts.confirm('no-such-token', T0)).toEqual({ outcome: 'unknown', productId: null });
      expect(await alerts.confirm('', T0)).toEqual({ outcome: 'unknown', productId: null });
      expect(await alerts.confirm('x'.repeat(5000), T0)).toEqual({ outcome: 'unknown', productId: null });
      await alerts.request(
        { productId: CARD, email: 'late@example.gr' },
        confirmation('late@example.gr'),
        T0,
      );
      const [mail] = await harness.mails();
      expect(await alerts.confirm(token(mail, 'confirm'), later(CONFIRM_LINK_TTL_MS))).toEqual({
        outcome: 'expired',
        productId: CARD,
      });
      expect(await alerts.waitingCounts([CARD])).toEqual({});
    });

    it('keeps one subscription per address and product, asked for any number of times, and never unconfirms it', async () => {
      const first = await subscribe('nikos@example.gr');
      await alerts.request(
        { productId: CARD, email: 'nikos@example.gr' },
        confirmation('nikos@example.gr'),
        later(1000),
      );
      const mails = await harness.mails();
      // Each request is answered with a mail, whatever was stored: the caller's answer is always the same.
      expect(mails.map((mail) => mail.to)).toEqual(['nikos@example.gr', 'nikos@example.gr']);
      expect(await alerts.waitingCounts([CARD])).toEqual({ [CARD]: 1 });
      // The renewed links work; the earlier ones stop.
      expect(await alerts.confirm(token(mails[1], 'confirm'), later(2000))).toMatchObject({
        outcome: 'confirmed',
      });
      expect(await alerts.confirm(token(first, 'confirm'), later(2000))).toMatchObject({
        outcome: 'unknown',
      });
      expect(await alerts.unsubscribe(token(first, 'unsubscribe'))).toBeNull();
      // Another card is another subscription.
      await subscribe('nikos@example.gr', OTHER);
      expect(await alerts.waitingCounts([CARD, OTHER])).toEqual({ [CARD]: 1, [OTHER]: 1 });
    });

    it('mails each waiting subscriber once, however many passes run at once, and no one unconfirmed', async () => {
      await subscribe('a@example.gr');
      await subscribe('b@example.gr');
      await subscribe('c@example.gr', OTHER);
      await alerts.request(
        { productId: CARD, email: 'unconfirmed@example.gr' },
        confirmation('unconfirmed@example.gr'),
        T0,
      );
      const before = (await harness.mails()).length;

      const queued = await Promise.all(
        Array.from({ length: 6 }, () => alerts.notify(CARD, backInStock, later(60_000))),
      );
      expect(queued.reduce((sum, count) => sum + count, 0)).toBe(2);
      const sent = (await harness.mails()).slice(before);
      expect(sent.map((mail) => `${mail.kind} ${mail.to}`).sort()).toEqual([
        'back-in-stock a@example.gr',
        'back-in-stock b@example.gr',
      ]);
      expect(await alerts.notify(CARD, backInStock, later(120_000))).toBe(0);
      expect(await alerts.waitingCounts([CARD, OTHER])).toEqual({ [OTHER]: 1 });
      expect(await alerts.waitingProducts(10)).toEqual([OTHER]);

      // The notified mail's link forgets the address at once.
      const [mail] = sent;
      expect(await alerts.unsubscribe(token(mail, 'unsubscribe'))).toEqual({ productId: CARD });
      expect(await alerts.unsubscribe(token(mail, 'unsubscribe'))).toBeNull();
    });

    it('starts a notified subscription over when the address asks again', async () => {
      await subscribe('again@example.gr');
      await alerts.notify(CARD, backInStock, later(1000));
      await alerts.request(
        { productId: CARD, email: 'again@example.gr' },
        confirmation('again@example.gr'),
        later(2000),
      );
      expect(await alerts.waitingCounts([CARD])).toEqual({});
      const mail = (await harness.mails()).at(-1);
      expect(await alerts.confirm(token(mail, 'confirm'), later(3000))).toMatchObject({
        outcome: 'confirmed',
      });
      expect(await alerts.notify(CARD, backInStock, later(4000))).toBe(1);
    });

    it('unsubscribes a waiting address with its link, which then does nothing more', async () => {
      const mail = await subscribe('leaving@example.gr');
      await subscribe('staying@example.gr');
      expect(await alerts.unsubscribe(token(mail, 'unsubscribe'))).toEqual({ productId: CARD });
      expect(await alerts.unsubscribe(token(mail, 'unsubscribe'))).toBeNull();
      expect(await alerts.unsubscribe('')).toBeNull();
      expect(await alerts.waitingCounts([CARD])).toEqual({ [CARD]: 1 });
      const before = (await harness.mails()).length;
      await alerts.notify(CARD, backInStock, later(1000));
      expect((await harness.mails()).slice(before).map((sent) => sent.to)).toEqual(['staying@example.gr']);
    });

    it('counts the waiting per product, over all, and lists the most wanted first', async () => {
      await subscribe('a@example.gr', OTHER);
      await subscribe('a@example.gr', CARD);
      await subscribe('b@example.gr', CARD);
      await alerts.request({ productId: CARD, email: 'c@example.gr' }, confirmation('c@example.gr'), T0);
      expect(await alerts.summary(5)).toEqual({
        waiting: 3,
        products: [
          { productId: CARD, waiting: 2 },
          { productId: OTHER, waiting: 1 },
        ],
      });
      expect(await alerts.summary(1)).toMatchObject({ waiting: 3, products: [{ productId: CARD }] });
      // Pages of the waiting products, in id order.
      expect(await alerts.waitingProducts(10)).toEqual([CARD, OTHER]);
      expect(await alerts.waitingProducts(1)).toEqual([CARD]);
      expect(await alerts.waitingProducts(10, CARD)).toEqual([OTHER]);
      expect(await alerts.waitingProducts(10, OTHER)).toEqual([]);
      expect(await alerts.waitingCounts([])).toEqual({});
    });

    it('forgets a product that is gone, with its subscriptions', async () => {
      await subscribe('a@example.gr');
      await subscribe('a@example.gr', OTHER);
      expect(await alerts.forgetProduct(CARD)).toBe(1);
      expect(await alerts.waitingCounts([CARD, OTHER])).toEqual({ [OTHER]: 1 });
    });

    it('purges the unconfirmed after 48 hours, the notified after a week, and any after 6 months', async () => {
      await alerts.request(
        { productId: CARD, email: 'never@example.gr' },
        confirmation('never@example.gr'),
        T0,
      );
      await subscribe('notified@example.gr', OTHER);
      await alerts.notify(OTHER, backInStock, T0);
      await subscribe('waiting@example.gr');
      expect(await alerts.purge(later(CONFIRM_LINK_TTL_MS - 1000))).toBe(0);
      expect(await alerts.purge(later(CONFIRM_LINK_TTL_MS + 1000))).toBe(1);
      expect(await alerts.purge(later(NOTIFIED_KEEP_MS + 1000))).toBe(1);
      expect(await alerts.waitingCounts([CARD])).toEqual({ [CARD]: 1 });
      expect(await alerts.purge(later(MAX_AGE_MS + 1000))).toBe(1);
      expect(await alerts.summary(5)).toEqual({ waiting: 0, products: [] });
    });

    it('stores nothing when its mail cannot be queued', async () => {
      const bad = (): OutgoingMail => ({
        kind: 'stock-alert-confirm',
        to: 'not an address',
        subject: 'x',
        text: 'x',
      });
      await expect(alerts.request({ productId: CARD, email: 'x@example.gr' }, bad, T0)).rejects.toMatchObject(
        {
          kind: 'invalid',
        },
      );
      expect(await harness.mails()).toEqual([]);
      // Had the row stayed, this request would find it; it finds none and starts afresh.
      await subscribe('x@example.gr');
      expect(await alerts.waitingCounts([CARD])).toEqual({ [CARD]: 1 });
    });
  });
}
