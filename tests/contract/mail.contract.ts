import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../src/domain/mail/outgoing-mail.ts';
import type { MailPort } from '../../src/ports/mail.ts';

/** What a delivery service received for one message, read back from the local double. */
export type Delivered = { to: string; replyTo: string | null; subject: string; text: string };

/** The outbox with one delivery backend, on a fresh data folder and a clock the test moves. */
export type MailHarness = {
  mail: MailPort;
  advance(ms: number): void;
  delivered(): Delivered[];
  /** The next deliveries are refused: 'passing' (try later: 451, 429, 503) or 'final' (550, 400, 403). */
  refuseNext(kind: 'passing' | 'final', times?: number): void;
  close(): Promise<void> | void;
};

const MAIL: OutgoingMail = {
  kind: 'contact-message',
  to: 'shop@example.gr',
  replyTo: 'maria@example.gr',
  subject: 'Νέο μήνυμα επικοινωνίας από Μαρία Παπαδοπούλου',
  text: 'Όνομα: Μαρία Παπαδοπούλου\nEmail: maria@example.gr\n\nΈχετε την κάρτα του Γιάννη;\n',
};

/**
 * What every mail delivery behind the outbox must do (decisions 004 and 012): deliver a stored
 * message once and intact, retry passing refusals with backoff, fail final ones at once with
 * the service's words, and deliver a failed message after the owner's retry.
 */
export function mailContract(backend: string, open: () => Promise<MailHarness>): void {
  describe(`mail port contract (${backend})`, () => {
    let harness: MailHarness;
    let mail: MailPort;

    beforeEach(async () => {
      harness = await open();
      mail = harness.mail;
    });

    afterEach(async () => {
      await harness.close();
    });

    const entry = async (id: number) => (await mail.listOutbox()).find((candidate) => candidate.id === id);

    it('delivers a Greek message once, with its recipient, reply-to, subject and text intact', async () => {
      const id = await mail.queue(MAIL);
      expect(await mail.deliverDue()).toBe(1);
      expect(harness.delivered()).toEqual([
        { to: MAIL.to, replyTo: 'maria@example.gr', subject: MAIL.subject, text: MAIL.text.trimEnd() },
      ]);
      expect(await entry(id)).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
      expect(await mail.deliverDue()).toBe(0);
      expect(harness.delivered()).toHaveLength(1);
    });

    it('keeps a message the service refused for now, and delivers it after the backoff', async () => {
      harness.refuseNext('passing');
      const id = await mail.queue(MAIL);
      expect(await mail.deliverDue()).toBe(0);
      expect(await entry(id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: expect.any(String),
      });
      expect(harness.delivered()).toEqual([]);
      // Not due again before its wait is over.
      harness.advance(20_000);
      expect(await mail.deliverDue()).toBe(0);
      harness.advance(3_600_000);
      expect(await mail.deliverDue()).toBe(1);
      expect(await entry(id)).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(harness.delivered()).toHaveLength(1);
    });

    it('marks a message failed at once when the service refuses it for good, until the owner retries', async () => {
      harness.refuseNext('final');
      const id = await mail.queue(MAIL);
      expect(await mail.deliverDue()).toBe(0);
      const failed = await entry(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed?.lastError).toMatch(/\d{3}/);
      // The health check's backlog follows the message (counts kept by migration 014's triggers).
      expect(await mail.backlog()).toEqual({ pending: 0, failed: 1, oldestPendingAt: null });
      harness.advance(24 * 3_600_000);
      expect(await mail.deliverDue()).toBe(0);
      await mail.retry(id);
      expect(await mail.backlog()).toMatchObject({
        pending: 1,
        failed: 0,
        oldestPendingAt: expect.any(String),
      });
      expect(await mail.deliverDue()).toBe(1);
      expect(await entry(id)).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(await mail.backlog()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
    });

    it('sends one message at once on request and answers how it went (the test mail)', async () => {
      expect(mail.service).not.toBeNull();
      harness.refuseNext('final');
      const id = await mail.queue(MAIL);
      const refused = await mail.sendNow(id);
      expect(refused).toMatchObject({ id, status: 'failed', attempts: 1 });
      expect(refused.lastError).toMatch(/\d{3}/);
      // Sent again on request, even though it failed for good.
      expect(await mail.sendNow(id)).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(harness.delivered()).toHaveLength(1);
      // Delivered once: neither the loop nor another request sends it again.
      expect(await mail.deliverDue()).toBe(0);
      expect(await mail.sendNow(id)).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(harness.delivered()).toHaveLength(1);
      await expect(mail.sendNow(999_999)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('gives up after six passing refusals and keeps the message for the owner', async () => {
      harness.refuseNext('passing', 6);
      const id = await mail.queue(MAIL);
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        expect(await mail.deliverDue()).toBe(0);
        harness.advance(7 * 3_600_000);
      }
      expect(await entry(id)).toMatchObject({ status: 'failed', attempts: 6 });
      expect(harness.delivered()).toEqual([]);
    });
  });
}
