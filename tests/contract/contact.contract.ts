import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxEntry, OutgoingMail } from '../../src/domain/mail/outgoing-mail.ts';
import type { ContactPort } from '../../src/ports/contact.ts';

/** One empty inbox, with the outbox in the same database, for one test. */
export type ContactHarness = {
  contact: ContactPort;
  /** Every mail queued so far, newest first. */
  outbox(): Promise<OutboxEntry[]>;
  close(): Promise<void>;
};

const message = (index: number) => ({
  name: `Αποστολέας ${index}`,
  email: `sender${index}@example.gr`,
  message: `Μήνυμα ${index}`,
  ip: '203.0.113.9',
});

const OWNER_MAIL: OutgoingMail = {
  kind: 'contact-message',
  to: 'shop@example.gr',
  replyTo: 'sender1@example.gr',
  subject: 'Νέο μήνυμα επικοινωνίας',
  text: 'Μήνυμα 1',
};

/** What the owner's inbox must do on every database: store as given, page, mark read, mail atomically. */
export function contactContract(name: string, open: () => Promise<ContactHarness>): void {
  describe(`contact inbox: ${name}`, () => {
    let harness: ContactHarness;
    let contact: ContactPort;
    beforeEach(async () => {
      harness = await open();
      contact = harness.contact;
    });
    afterEach(async () => {
      await harness.close();
    });

    it('stores a message as given and lists it unread', async () => {
      const saved = await contact.save(message(1));
      expect(saved).toMatchObject({ ...message(1), readAt: null });
      expect(saved.id).toBeGreaterThan(0);
      expect(Date.parse(saved.createdAt)).not.toBeNaN();
      expect(await contact.list({ page: 1, pageSize: 20 })).toEqual({
        messages: [saved],
        total: 1,
        unread: 1,
        page: 1,
        pageSize: 20,
      });
    });

    it('keeps markup as inert text', async () => {
      const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
      const saved = await contact.save({ ...message(1), name: '<b>bold</b>', message: payload });
      const [listed] = (await contact.list({ page: 1, pageSize: 5 })).messages;
      expect(listed?.message).toBe(payload);
      expect(listed?.name).toBe('<b>bold</b>');
      expect(listed?.id).toBe(saved.id);
    });

    it('pages newest first and clamps the page', async () => {
      for (let index = 1; index <= 25; index += 1) await contact.save(message(index));
      const first = await contact.list({ page: 1, pageSize: 10 });
      expect(first.messages.map((entry) => entry.name)).toEqual(
        Array.from({ length: 10 }, (_, offset) => `Αποστολέας ${25 - offset}`),
      );
      const third = await contact.list({ page: 3, pageSize: 10 });
      expect(third.messages.map((entry) => entry.name)).toEqual(
        Array.from({ length: 5 }, (_, offset) => `Αποστολέας ${5 - offset}`),
      );
      expect((await contact.list({ page: 99, pageSize: 10 })).page).toBe(3);
      expect((await contact.list({ page: 0, pageSize: 10_000 })).pageSize).toBe(100);
      expect(first.total).toBe(25);
    });

    it('marks read and unread, keeping the first reading time', async () => {
      const saved = await contact.save(message(1));
      const read = await contact.setRead(saved.id, true);
      expect(read.readAt).not.toBeNull();
      expect((await contact.setRead(saved.id, true)).readAt).toBe(read.readAt);
      expect((await contact.list({ page: 1, pageSize: 5 })).unread).toBe(0);
      expect((await contact.setRead(saved.id, false)).readAt).toBeNull();
      expect((await contact.list({ page: 1, pageSize: 5 })).unread).toBe(1);
    });

    it('refuses an unknown id', async () => {
      await expect(contact.setRead(12345, true)).rejects.toMatchObject({ kind: 'not_found' });
      await expect(contact.setRead(Number.NaN, true)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('refuses ids no row can have', async () => {
      for (const id of [0, -1, 1.5, 2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER])
        await expect(contact.setRead(id, true)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it("queues the owner's mail with the message, in one transaction", async () => {
      const saved = await contact.save(message(1), OWNER_MAIL);
      const [mail] = await harness.outbox();
      expect(mail).toMatchObject({ kind: 'contact-message', to: 'shop@example.gr', status: 'pending' });
      expect((await contact.list({ page: 1, pageSize: 5 })).messages).toEqual([saved]);
    });

    it('keeps neither when the mail cannot be queued: nothing half-written', async () => {
      await expect(contact.save(message(1), { ...OWNER_MAIL, to: 'not an address' })).rejects.toMatchObject({
        kind: 'invalid',
      });
      expect((await contact.list({ page: 1, pageSize: 5 })).total).toBe(0);
      expect(await harness.outbox()).toEqual([]);
    });
  });
}
