import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src/domain/mail/outgoing-mail.ts';
import { testMail, testMailResult } from '../../../src/domain/mail/test-mail.ts';
import { firstSettings } from '../../../src/domain/settings/first-settings.ts';

const settings = firstSettings({ shopEmail: 'shop@example.gr', shippingCents: 350 });
const mail = testMail(settings, new Date('2026-11-27T10:00:00Z'));
const entry = (changes: Partial<OutboxEntry>): OutboxEntry => ({
  id: 7,
  kind: 'test-mail',
  to: mail.to,
  replyTo: null,
  subject: mail.subject,
  text: mail.text,
  status: 'pending',
  attempts: 0,
  lastError: null,
  nextAttemptAt: '2026-11-27T10:00:00Z',
  createdAt: '2026-11-27T10:00:00Z',
  deliveredAt: null,
  ...changes,
});

describe('the test mail', () => {
  it("goes to the shop's own email, named after the shop, with Athens time", () => {
    expect(mail).toMatchObject({ kind: 'test-mail', to: 'shop@example.gr' });
    expect(mail.subject).toBe('Δοκιμαστικό μήνυμα από το CardVault');
    expect(mail.text).toContain('12:00:00');
  });

  it('reports delivered, the refusal in the service’s words, or that no service is set', () => {
    expect(testMailResult(entry({ status: 'delivered' }), 'smtp')).toEqual({
      status: 'delivered',
      to: 'shop@example.gr',
      message: 'Το δοκιμαστικό μήνυμα στάλθηκε στο shop@example.gr μέσω SMTP.',
    });
    expect(
      testMailResult(entry({ status: 'failed', lastError: '550 No such mailbox' }), 'emailjs'),
    ).toMatchObject({ status: 'failed', message: 'Η αποστολή μέσω EmailJS απέτυχε: 550 No such mailbox' });
    expect(
      testMailResult(entry({ status: 'pending', lastError: 'ECONNREFUSED: connect' }), 'smtp'),
    ).toMatchObject({ status: 'failed', message: 'Η αποστολή μέσω SMTP απέτυχε: ECONNREFUSED: connect' });
    expect(testMailResult(entry({}), null)).toMatchObject({ status: 'waiting' });
    // Taken by the outbox's own round in that moment: on its way, not failed.
    expect(testMailResult(entry({}), 'smtp')).toEqual({
      status: 'waiting',
      to: 'shop@example.gr',
      message:
        'Το δοκιμαστικό μήνυμα στέλνεται αυτή τη στιγμή μέσω SMTP· δείτε το αποτέλεσμα στα εξερχόμενα σε λίγα δευτερόλεπτα.',
    });
  });
});
