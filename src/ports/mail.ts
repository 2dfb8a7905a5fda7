import type { MailStatus, OutboxBacklog, OutboxEntry, OutgoingMail } from '../domain/mail/outgoing-mail.ts';

/** The shop's mail: an outbox, and whatever delivers from it (SMTP, EmailJS, or nothing). */

export interface MailPort {
  /** What delivers from the outbox; null when nothing does and messages wait (npm run outbox). */
  readonly service: 'smtp' | 'emailjs' | null;
  /** Stores the message in the outbox (durably, before anything is sent) and returns its id. */
  queue(mail: OutgoingMail): Promise<number>;
  /** Tries every message that is due now; returns how many were delivered. */
  deliverDue(): Promise<number>;
  /** Newest first. */
  listOutbox(options?: { limit?: number; status?: MailStatus }): Promise<OutboxEntry[]>;
  /**
   * Tries one message now if it is due or failed (a test mail the owner waits for), and answers
   * its entry afterwards: delivered, or with the service's refusal in lastError. Without a
   * service, or while it is being sent or waits out a backoff, the entry is answered as it is.
   */
  sendNow(id: number): Promise<OutboxEntry>;
  /** Makes a failed message due again now. */
  retry(id: number): Promise<void>;
  /** Counts of undelivered messages (cheap: one indexed query). */
  backlog(): Promise<OutboxBacklog>;
}
