import type { MailStatus, OutboxBacklog, OutboxEntry, OutgoingMail } from '../domain/mail/outgoing-mail.ts';

/** The shop's mail: an outbox, and whatever delivers from it (SMTP, EmailJS, or nothing). */

export interface MailPort {
  /** Stores the message in the outbox (durably, before anything is sent) and returns its id. */
  queue(mail: OutgoingMail): Promise<number>;
  /** Tries every message that is due now; returns how many were delivered. */
  deliverDue(): Promise<number>;
  /** Newest first. */
  listOutbox(options?: { limit?: number; status?: MailStatus }): Promise<OutboxEntry[]>;
  /** Makes a failed message due again now. */
  retry(id: number): Promise<void>;
  /** Counts of undelivered messages (cheap: one indexed query). */
  backlog(): Promise<OutboxBacklog>;
}
