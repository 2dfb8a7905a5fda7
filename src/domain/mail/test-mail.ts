import type { ShopSettings } from '../settings/shop-settings.ts';
import type { OutboxEntry, OutgoingMail } from './outgoing-mail.ts';

/**
 * The test mail the owner sends from the dashboard to check the mail service (issue 29): to the
 * shop's own email, and what became of it, in the owner's words.
 */
export const testMail = ({ identity }: Pick<ShopSettings, 'identity'>, at: Date): OutgoingMail => ({
  kind: 'test-mail',
  to: identity.email,
  subject: `Δοκιμαστικό μήνυμα από το ${identity.tradeName}`,
  text: [
    'Αυτό είναι ένα δοκιμαστικό μήνυμα από τον πίνακα διαχείρισης του καταστήματος.',
    `Στάλθηκε στις ${at.toLocaleString('el-GR', { timeZone: 'Europe/Athens' })}.`,
    '',
    'Αν το διαβάζετε, τα μηνύματα προς τους πελάτες σας (επιβεβαιώσεις και ενημερώσεις παραγγελιών) φτάνουν κι αυτά.',
  ].join('\n'),
});

export type TestMailResult = { status: 'delivered' | 'failed' | 'waiting'; to: string; message: string };

const SERVICES = { smtp: 'SMTP', emailjs: 'EmailJS' } as const;

export function testMailResult(entry: OutboxEntry, service: keyof typeof SERVICES | null): TestMailResult {
  const to = entry.to;
  if (entry.status === 'delivered')
    return {
      status: 'delivered',
      to,
      message: `Το δοκιμαστικό μήνυμα στάλθηκε στο ${to} μέσω ${service ? SERVICES[service] : 'email'}.`,
    };
  if (!service)
    return {
      status: 'waiting',
      to,
      message:
        'Δεν έχει ρυθμιστεί υπηρεσία αποστολής email (SMTP ή EmailJS): το μήνυμα περιμένει στα εξερχόμενα, όπως και όλα τα άλλα.',
    };
  // Not tried by this request and not refused: the outbox's own round took it first.
  if (entry.status === 'pending' && entry.lastError === null)
    return {
      status: 'waiting',
      to,
      message: `Το δοκιμαστικό μήνυμα στέλνεται αυτή τη στιγμή μέσω ${SERVICES[service]}· δείτε το αποτέλεσμα στα εξερχόμενα σε λίγα δευτερόλεπτα.`,
    };
  return {
    status: 'failed',
    to,
    message: `Η αποστολή μέσω ${SERVICES[service]} απέτυχε: ${entry.lastError ?? 'άγνωστο σφάλμα'}`,
  };
}
