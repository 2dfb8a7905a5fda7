import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { createLocalStockAlerts } from '../../src/adapters/stock-alerts-local/index.ts';
import type { OutboxEntry, OutgoingMail } from '../../src/domain/mail/outgoing-mail.ts';
import type { MailPort } from '../../src/ports/mail.ts';
import type { StockAlertLinks, StockAlertPort } from '../../src/ports/stock-alerts.ts';
import { DATABASES, type TestDatabase } from '../helpers/databases.ts';

const CARD = 'gid://shop/Product/101';
const T0 = new Date('2026-11-27T10:00:00.000Z');

const confirmation =
  (email: string) =>
  ({ confirmToken, unsubscribeToken }: StockAlertLinks): OutgoingMail => ({
    kind: 'stock-alert-confirm',
    to: email,
    subject: 'Επιβεβαίωση',
    text: `confirm=${confirmToken} unsubscribe=${unsubscribeToken}`,
  });
const backInStock = ({ email, unsubscribeToken }: { email: string; unsubscribeToken: string }) => ({
  kind: 'back-in-stock' as const,
  to: email,
  subject: 'Ξανά διαθέσιμη',
  text: `unsubscribe=${unsubscribeToken}`,
});
const token = (mail: OutboxEntry, name: 'confirm' | 'unsubscribe') =>
  new RegExp(`${name}=(\\S+)`).exec(mail.text)?.[1] ?? '';

// Two instances of the shop on one database (decision 093): on SQLite two processes on one file,
// on PostgreSQL two pools, whose transactions really do run side by side.
for (const [name, openDatabase] of DATABASES)
  describe(`stock alerts under races: ${name}`, () => {
    let database: TestDatabase;
    let first: StockAlertPort;
    let second: StockAlertPort;
    let mail: MailPort;
    beforeEach(async () => {
      database = await openDatabase();
      first = createLocalStockAlerts(database.store);
      second = createLocalStockAlerts(await database.another());
      mail = createOutboxMail(database.store, { transport: null, from: 'shop@example.gr' });
    });
    afterEach(async () => {
      await database.close();
    });

    const mails = async (kind: OutboxEntry['kind']) =>
      (await mail.listOutbox({ limit: 500 })).filter((entry) => entry.kind === kind);
    const rows = async () =>
      Number(
        (
          await database.store.db
            .selectFrom('stock_alerts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('keeps one subscription when the same request comes 10 times at once from two instances, and only the last mail’s links work', async () => {
      const email = 'race@example.gr';
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          (index % 2 ? first : second).request({ productId: CARD, email }, confirmation(email), T0),
        ),
      );
      expect(await rows()).toBe(1);
      // Each request queued its mail with the links it stored, in one transaction (the port's
      // contract: the answer is the same whatever was stored), so of the ten mails exactly one
      // holds the links the one row kept: the last to commit.
      const sent = await mails('stock-alert-confirm');
      expect(sent).toHaveLength(10);
      const confirmed = [];
      for (const entry of sent) confirmed.push((await first.confirm(token(entry, 'confirm'), T0)).outcome);
      expect(confirmed.filter((outcome) => outcome === 'confirmed')).toHaveLength(1);
      expect(confirmed.filter((outcome) => outcome === 'unknown')).toHaveLength(9);
      expect(await first.waitingCounts([CARD])).toEqual({ [CARD]: 1 });
      const removed = [];
      for (const entry of sent) removed.push(await second.unsubscribe(token(entry, 'unsubscribe')));
      expect(removed.map((result) => result !== null)).toEqual(
        confirmed.map((outcome) => outcome === 'confirmed'),
      );
      expect(await rows()).toBe(0);
    });

    it('mails each waiting subscriber once when two instances run restock passes at once', async () => {
      const emails = Array.from({ length: 30 }, (_, index) => `s${index}@example.gr`);
      for (const email of emails) await first.request({ productId: CARD, email }, confirmation(email), T0);
      for (const entry of await mails('stock-alert-confirm'))
        expect(await first.confirm(token(entry, 'confirm'), T0)).toMatchObject({ outcome: 'confirmed' });
      expect(await first.waitingCounts([CARD])).toEqual({ [CARD]: 30 });

      const queued = await Promise.all(
        Array.from({ length: 8 }, (_, index) => (index % 2 ? first : second).notify(CARD, backInStock, T0)),
      );
      expect(queued.reduce((sum, count) => sum + count, 0)).toBe(30);
      const sent = await mails('back-in-stock');
      expect(sent.map((entry) => entry.to).sort()).toEqual([...emails].sort());
      expect(await second.waitingCounts([CARD])).toEqual({});
      expect(await second.notify(CARD, backInStock, T0)).toBe(0);
    });

    it('answers ids no product can have as nobody waiting, never as a database error', async () => {
      await first.request({ productId: CARD, email: 'a@example.gr' }, confirmation('a@example.gr'), T0);
      const [entry] = await mails('stock-alert-confirm');
      if (!entry) throw new Error('no confirmation mail');
      await first.confirm(token(entry, 'confirm'), T0);
      expect(await first.waitingCounts([`${CARD}\u0000`, '\u0000', CARD, '\ud800'])).toEqual({ [CARD]: 1 });
      expect(await first.confirm('\u0000', T0)).toEqual({ outcome: 'unknown', productId: null });
      expect(await first.unsubscribe('\u0000\ud800')).toBeNull();
      expect(await first.waitingProducts(Number.NaN)).toEqual([]);
      expect(await first.summary(Number.POSITIVE_INFINITY)).toEqual({
        waiting: 1,
        products: [{ productId: CARD, waiting: 1 }],
      });
    });
  });
