import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import {
  createOutboxMail,
  type MailTransport,
  oldestPendingQuery,
} from '../../src/adapters/mail-outbox/index.ts';
import type { Engine } from '../../src/adapters/sqlite/database.ts';
import { AppError } from '../../src/domain/errors.ts';
import { outboxMessageId } from '../../src/domain/mail/message-id.ts';
import type { OutgoingMail } from '../../src/domain/mail/outgoing-mail.ts';
import type { MailPort } from '../../src/ports/mail.ts';
import { DATABASES, type TestDatabase } from '../helpers/databases.ts';
import { queryPlan } from '../helpers/query-plan.ts';

const FROM = 'CardVault <shop@example.com>';
const START = Date.parse('2025-03-01T10:00:00.000Z');
const SECOND = 1000;

const MAIL: OutgoingMail = {
  kind: 'order-confirmation',
  to: 'buyer@example.gr',
  subject: 'Η παραγγελία σας #1001',
  text: 'Ευχαριστούμε για την παραγγελία σας!',
};

type Sent = OutgoingMail & { from: string; messageId: string };

let clock: number;
const now = () => new Date(clock);

/** A transport that records every message and behaves as `outcome` says for the n-th call (0-based). */
function fakeTransport(outcome: (call: number) => Promise<void> | void = () => {}) {
  const sent: Sent[] = [];
  const transport: MailTransport = {
    async send(mail) {
      sent.push(mail);
      await outcome(sent.length - 1);
    },
  };
  return { sent, transport };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

// The outbox is one adapter on both of the shop's databases (decision 093).
for (const [name, openDatabase] of DATABASES)
  describe(name, () => {
    let database: TestDatabase;
    let store: ShopDatabase;

    beforeEach(async () => {
      database = await openDatabase();
      store = database.store;
      clock = START;
    });

    afterEach(async () => {
      await database.close();
    });

    function outbox(transport: MailTransport | null, on: ShopDatabase = store): MailPort {
      return createOutboxMail(on, { transport, from: FROM, now });
    }

    const row = (id: number) =>
      store.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();

    async function rowCount(): Promise<number> {
      const { n } = await store.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return n;
    }

    /** Sets a message's fields as a past delivery left them. */
    const setRow = (
      id: number | undefined,
      fields: { status: 'pending' | 'delivered' | 'failed'; attempts?: number; last_error?: string },
    ) =>
      store.db
        .updateTable('mail_outbox')
        .set(fields)
        .where('id', '=', id ?? 0)
        .execute();

    describe('queue', () => {
      it('stores a pending row with every field, due now, and returns its id', async () => {
        const id = await outbox(null).queue({
          ...MAIL,
          replyTo: 'owner@example.gr',
          html: '<p>Ευχαριστούμε!</p>',
        });
        expect(id).toBeGreaterThan(0);
        expect(await row(id)).toEqual({
          id,
          kind: 'order-confirmation',
          to_address: 'buyer@example.gr',
          reply_to: 'owner@example.gr',
          subject: 'Η παραγγελία σας #1001',
          text_body: 'Ευχαριστούμε για την παραγγελία σας!',
          html_body: '<p>Ευχαριστούμε!</p>',
          status: 'pending',
          attempts: 0,
          last_error: null,
          next_attempt_at: iso(START),
          created_at: iso(START),
          delivered_at: null,
        });
      });

      it('keeps the subject to one line and the text free of control characters but line breaks', async () => {
        const id = await outbox(null).queue({
          ...MAIL,
          subject: 'Νέο μήνυμα από Μαρία\r\nBcc: everyone@example.gr',
          text: 'Όνομα: Μαρία\r\nΜήνυμα\u0000\u001b[2J\u2028τέλος',
        });
        expect(await row(id)).toMatchObject({
          subject: 'Νέο μήνυμα από Μαρία Bcc: everyone@example.gr',
          text_body: 'Όνομα: Μαρία\nΜήνυμα[2J\nτέλος',
        });
      });

      it('stores null for a missing reply-to and html', async () => {
        const id = await outbox(null).queue(MAIL);
        expect(await row(id)).toMatchObject({ reply_to: null, html_body: null });
      });

      it.each([
        ['a bad address', { ...MAIL, to: 'not-an-address' }, 'to'],
        ['a bad reply-to', { ...MAIL, replyTo: 'nope' }, 'replyTo'],
        ['an empty subject', { ...MAIL, subject: '' }, 'subject'],
        ['an empty text', { ...MAIL, text: '' }, 'text'],
        ['an unknown kind', { ...MAIL, kind: 'newsletter' as OutgoingMail['kind'] }, 'kind'],
      ])('rejects %s as invalid and stores nothing', async (_name, mail, field) => {
        const error = await outbox(null)
          .queue(mail)
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ kind: 'invalid', fields: { [field]: expect.any(String) } });
        expect(await rowCount()).toBe(0);
      });
    });

    describe('deliverDue', () => {
      it('does nothing without a transport: messages stay pending and readable', async () => {
        const mail = outbox(null);
        const id = await mail.queue(MAIL);
        expect(await mail.deliverDue()).toBe(0);
        expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
        expect((await mail.listOutbox())[0]).toMatchObject({ id, status: 'pending', text: MAIL.text });
      });

      it('sends every field with the configured sender and marks the message delivered', async () => {
        const { sent, transport } = fakeTransport();
        const mail = outbox(transport);
        const full = { ...MAIL, replyTo: 'owner@example.gr', html: '<p>Γεια</p>' };
        const id = await mail.queue(full);
        clock += 5 * SECOND;
        expect(await mail.deliverDue()).toBe(1);
        // The Message-ID comes from the row's id and creation time, read back alike on both databases.
        expect(sent).toEqual([
          { ...full, from: FROM, messageId: outboxMessageId(id, new Date(START), FROM) },
        ]);
        expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 1, delivered_at: iso(clock) });
        expect(await mail.deliverDue()).toBe(0);
        expect(sent).toHaveLength(1);
      });

      it('leaves out reply-to and html when the message has none', async () => {
        const { sent, transport } = fakeTransport();
        const mail = outbox(transport);
        const id = await mail.queue(MAIL);
        await mail.deliverDue();
        expect(sent[0]).toEqual({
          ...MAIL,
          from: FROM,
          messageId: outboxMessageId(id, new Date(START), FROM),
        });
      });

      it('records a failure, waits 30 s, then delivers', async () => {
        const { sent, transport } = fakeTransport((call) => {
          if (call === 0) throw Object.assign(new Error('451 Try later'), { responseCode: 451 });
        });
        const mail = outbox(transport);
        const id = await mail.queue(MAIL);

        expect(await mail.deliverDue()).toBe(0);
        expect(await row(id)).toMatchObject({
          status: 'pending',
          attempts: 1,
          last_error: '451 Try later',
          next_attempt_at: iso(START + 30 * SECOND),
          delivered_at: null,
        });

        clock += 29 * SECOND;
        expect(await mail.deliverDue()).toBe(0);
        expect(sent).toHaveLength(1);

        clock = START + 31 * SECOND;
        expect(await mail.deliverDue()).toBe(1);
        expect(sent).toHaveLength(2);
        expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 2, delivered_at: iso(clock) });
      });

      it('follows the backoff schedule and marks the message failed after the 6th failure', async () => {
        const { sent, transport } = fakeTransport(() => {
          throw new Error('Connection refused');
        });
        const mail = outbox(transport);
        const id = await mail.queue(MAIL);
        const waits = [30, 120, 600, 3600, 21_600].map((seconds) => seconds * SECOND);

        for (const [index, wait] of waits.entries()) {
          expect(await mail.deliverDue()).toBe(0);
          expect(await row(id)).toMatchObject({
            status: 'pending',
            attempts: index + 1,
            next_attempt_at: iso(clock + wait),
          });
          clock += wait;
        }
        expect(await mail.deliverDue()).toBe(0);
        expect(await row(id)).toMatchObject({
          status: 'failed',
          attempts: 6,
          last_error: 'Connection refused',
        });

        clock += 24 * 3600 * SECOND;
        expect(await mail.deliverDue()).toBe(0);
        expect(sent).toHaveLength(6);
      });

      it('keeps the error short and records errors that are not Error objects', async () => {
        const errors: unknown[] = [new Error('x'.repeat(5000)), 'plain text failure'];
        const { transport } = fakeTransport((call) => {
          throw errors[call];
        });
        const mail = outbox(transport);
        const first = await mail.queue(MAIL);
        const second = await mail.queue(MAIL);
        await mail.deliverDue();
        expect((await row(first))?.last_error).toBe('x'.repeat(1000));
        expect((await row(second))?.last_error).toBe('plain text failure');
      });

      it('names the error code when the message does not', async () => {
        const { transport } = fakeTransport(() => {
          throw Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' });
        });
        const mail = outbox(transport);
        const id = await mail.queue(MAIL);
        await mail.deliverDue();
        expect((await row(id))?.last_error).toBe('ETIMEDOUT: Greeting never received');
      });

      it('sends the oldest first, at most 20 per call', async () => {
        const { sent, transport } = fakeTransport();
        const mail = outbox(transport);
        const ids: number[] = [];
        for (let index = 0; index < 25; index += 1) {
          ids.push(await mail.queue({ ...MAIL, subject: `Μήνυμα ${index}` }));
        }
        expect(await mail.deliverDue()).toBe(20);
        expect(sent.map((message) => message.subject)).toEqual(
          ids.slice(0, 20).map((_id, index) => `Μήνυμα ${index}`),
        );
        expect(await mail.deliverDue()).toBe(5);
        expect(sent).toHaveLength(25);
      });

      it('delivers each message exactly once when two calls run at the same time', async () => {
        const { sent, transport } = fakeTransport(() => new Promise((resolve) => setTimeout(resolve, 5)));
        const mail = outbox(transport);
        for (let index = 0; index < 8; index += 1) await mail.queue({ ...MAIL, subject: `Μήνυμα ${index}` });

        const counts = await Promise.all([mail.deliverDue(), mail.deliverDue()]);
        expect(counts[0] + counts[1]).toBe(8);
        expect(sent).toHaveLength(8);
        expect(new Set(sent.map((message) => message.subject)).size).toBe(8);
      });

      it('delivers each message exactly once when two connections (processes) race', async () => {
        const other = await database.another();
        {
          const { sent, transport } = fakeTransport(() => new Promise((resolve) => setTimeout(resolve, 2)));
          const first = outbox(transport);
          const second = outbox(transport, other);
          for (let index = 0; index < 10; index += 1)
            await first.queue({ ...MAIL, subject: `Μήνυμα ${index}` });

          const counts = await Promise.all([first.deliverDue(), second.deliverDue(), first.deliverDue()]);
          expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10);
          expect(sent).toHaveLength(10);
          expect(new Set(sent.map((message) => message.subject)).size).toBe(10);
        }
      });

      it('delivers each of 60 messages exactly once when four instances deliver at once', async () => {
        const { sent, transport } = fakeTransport(() => new Promise((resolve) => setTimeout(resolve, 1)));
        const instances = [outbox(transport)];
        for (let index = 1; index < 4; index += 1)
          instances.push(outbox(transport, await database.another()));
        for (let index = 0; index < 60; index += 1)
          await instances[0]?.queue({ ...MAIL, subject: `Μήνυμα ${index}` });
        // Each instance keeps calling until nothing is left, as the delivery loop does.
        const drain = async (mail: MailPort) => {
          let total = 0;
          for (let count = await mail.deliverDue(); count > 0; count = await mail.deliverDue())
            total += count;
          return total;
        };
        const counts = await Promise.all(instances.map(drain));
        expect(counts.reduce((sum, count) => sum + count, 0)).toBe(60);
        expect(sent).toHaveLength(60);
        expect(new Set(sent.map((message) => message.subject)).size).toBe(60);
      });

      it('does not pick a message another worker is sending', async () => {
        let release: () => void = () => {};
        const { sent, transport } = fakeTransport(
          () =>
            new Promise<void>((resolve) => {
              release = resolve;
            }),
        );
        const mail = outbox(transport);
        const id = await mail.queue(MAIL);
        const running = mail.deliverDue();
        await vi.waitFor(() => expect(sent).toHaveLength(1));
        clock += 60 * SECOND;
        expect(await mail.deliverDue()).toBe(0);
        release();
        expect(await running).toBe(1);
        expect(sent).toHaveLength(1);
        expect((await row(id))?.status).toBe('delivered');
      });

      it('holds only the message it is sending: another instance sends the rest meanwhile', async () => {
        const { sent, transport } = fakeTransport((call) =>
          call === 0 ? new Promise<void>(() => {}) : undefined,
        );
        const stuck = outbox(transport);
        for (let index = 0; index < 3; index += 1) await stuck.queue({ ...MAIL, subject: `Μήνυμα ${index}` });
        // The first instance hangs in its first send (as one that is killed mid-send does)...
        void stuck.deliverDue();
        await vi.waitFor(() => expect(sent).toHaveLength(1));
        // ...and another sends the two after it at once, not after a lease.
        const other = outbox(transport, await database.another());
        expect(await other.deliverDue()).toBe(2);
        expect(sent.map((message) => message.subject)).toEqual(['Μήνυμα 0', 'Μήνυμα 1', 'Μήνυμα 2']);
      });

      it('sends a message again once the claim of a sender that died has run out, 2 minutes on', async () => {
        const { sent, transport } = fakeTransport((call) =>
          call === 0 ? new Promise<void>(() => {}) : undefined,
        );
        const dying = outbox(transport);
        const id = await dying.queue(MAIL);
        void dying.deliverDue();
        await vi.waitFor(() => expect(sent).toHaveLength(1));
        const other = outbox(transport, await database.another());
        clock += 2 * 60 * SECOND - 1;
        expect(await other.deliverDue()).toBe(0);
        clock += 1;
        expect(await other.deliverDue()).toBe(1);
        expect(sent).toHaveLength(2);
        expect((await row(id))?.status).toBe('delivered');
      });
    });

    describe('retry', () => {
      async function failedMessage(mail: MailPort): Promise<number> {
        const id = await mail.queue(MAIL);
        await setRow(id, { status: 'failed', attempts: 6, last_error: 'down' });
        return id;
      }

      it('makes a failed message due now and it is delivered', async () => {
        const { sent, transport } = fakeTransport();
        const mail = outbox(transport);
        const id = await failedMessage(mail);
        clock += 3600 * SECOND;
        await mail.retry(id);
        expect(await row(id)).toMatchObject({ status: 'pending', next_attempt_at: iso(clock) });
        expect(await mail.deliverDue()).toBe(1);
        expect(sent).toHaveLength(1);
        expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 7 });
      });

      it('sends a retried message that fails again back to failed', async () => {
        const { transport } = fakeTransport(() => {
          throw new Error('still down');
        });
        const mail = outbox(transport);
        const id = await failedMessage(mail);
        await mail.retry(id);
        expect(await mail.deliverDue()).toBe(0);
        expect(await row(id)).toMatchObject({ status: 'failed', attempts: 7, last_error: 'still down' });
      });

      it('makes a waiting pending message due now', async () => {
        const { transport } = fakeTransport((call) => {
          if (call === 0) throw new Error('busy');
        });
        const mail = outbox(transport);
        const id = await mail.queue(MAIL);
        await mail.deliverDue();
        expect((await row(id))?.next_attempt_at).toBe(iso(START + 30 * SECOND));
        await mail.retry(id);
        expect(await row(id)).toMatchObject({ status: 'pending', next_attempt_at: iso(START) });
        expect(await mail.deliverDue()).toBe(1);
      });

      it('rejects an unknown id as not found', async () => {
        const mail = outbox(null);
        await expect(mail.retry(12_345)).rejects.toMatchObject({
          kind: 'not_found',
          message: 'Το μήνυμα δεν βρέθηκε.',
        });
        await expect(mail.retry(Number.NaN)).rejects.toMatchObject({ kind: 'not_found' });
      });

      it('refuses to send a delivered message again', async () => {
        const mail = outbox(fakeTransport().transport);
        const id = await mail.queue(MAIL);
        await mail.deliverDue();
        await expect(mail.retry(id)).rejects.toMatchObject({ kind: 'conflict' });
        expect((await row(id))?.status).toBe('delivered');
      });
    });

    describe('listOutbox', () => {
      it('lists newest first, mapped to entries', async () => {
        const mail = outbox(null);
        const first = await mail.queue(MAIL);
        clock += SECOND;
        const second = await mail.queue({ ...MAIL, kind: 'contact-message', replyTo: 'visitor@example.gr' });
        const entries = await mail.listOutbox();
        expect(entries.map((entry) => entry.id)).toEqual([second, first]);
        expect(entries[0]).toEqual({
          id: second,
          kind: 'contact-message',
          to: MAIL.to,
          replyTo: 'visitor@example.gr',
          subject: MAIL.subject,
          text: MAIL.text,
          status: 'pending',
          attempts: 0,
          lastError: null,
          nextAttemptAt: iso(START + SECOND),
          createdAt: iso(START + SECOND),
          deliveredAt: null,
        });
      });

      it('filters by status and honours the limit', async () => {
        const { transport } = fakeTransport((call) => {
          if (call === 1) throw new Error('refused');
        });
        const mail = outbox(transport);
        const ids = [await mail.queue(MAIL), await mail.queue(MAIL), await mail.queue(MAIL)];
        await mail.deliverDue();
        const [a, b, c] = ids;
        expect((await mail.listOutbox({ status: 'delivered' })).map((entry) => entry.id)).toEqual([c, a]);
        expect((await mail.listOutbox({ status: 'pending' })).map((entry) => entry.id)).toEqual([b]);
        expect(await mail.listOutbox({ status: 'failed' })).toEqual([]);
        expect((await mail.listOutbox({ limit: 2 })).map((entry) => entry.id)).toEqual([c, b]);
      });
    });

    describe('backlog', () => {
      it('counts pending and failed messages and names the oldest pending one', async () => {
        const mail = outbox(null);
        expect(await mail.backlog()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
        const first = await mail.queue(MAIL);
        clock += 60 * SECOND;
        await mail.queue(MAIL);
        const failed = await mail.queue(MAIL);
        await setRow(failed, { status: 'failed', attempts: 6 });
        await setRow(first, { status: 'delivered' });
        expect(await mail.backlog()).toEqual({
          pending: 1,
          failed: 1,
          oldestPendingAt: iso(START + 60 * SECOND),
        });
      });

      it('keeps its counts through every change of status, and after a message is deleted', async () => {
        const { transport } = fakeTransport((call) => {
          if (call === 0) throw new Error('Connection refused');
        });
        const mail = outbox(transport);
        const ids = [await mail.queue(MAIL), await mail.queue(MAIL), await mail.queue(MAIL)];
        await mail.deliverDue();
        await setRow(ids[1], { status: 'failed' });
        await store.db
          .deleteFrom('mail_outbox')
          .where('id', '=', ids[2] ?? 0)
          .execute();
        expect(await mail.backlog()).toMatchObject({ pending: 1, failed: 1 });
        if (store.dialect !== 'sqlite') return;
        // SQLite keeps the counts in a table its triggers move (migration 014).
        const { sqlite } = store as Engine;
        const counted = sqlite
          .prepare('SELECT status, count(*) AS messages FROM mail_outbox GROUP BY status ORDER BY status')
          .all();
        const kept = sqlite
          .prepare('SELECT status, messages FROM mail_outbox_counts WHERE messages > 0 ORDER BY status')
          .all();
        expect(kept).toEqual(counted);
      });

      it.runIf(name === 'SQLite')(
        'finds the oldest pending message in one index seek (the health check runs it)',
        () => {
          const plan = queryPlan((store as Engine).sqlite, oldestPendingQuery(store.db).compile());
          expect(plan).toContain('USING COVERING INDEX mail_outbox_backlog (status=?)');
          expect(plan).not.toContain('TEMP B-TREE');
        },
      );
    });
  });
