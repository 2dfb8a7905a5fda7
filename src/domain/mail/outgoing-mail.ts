import { z } from 'zod';
import { multiLine, singleLine } from '../text/plain-text.ts';

/**
 * A message the shop sends: queued in an outbox first, so nothing is lost when delivery fails.
 * Whatever a template put in, the subject is one line and the text has no control characters
 * but line breaks (../domain/plain-text.ts).
 */
export const outgoingMailSchema = z.object({
  kind: z.enum([
    'order-confirmation',
    'order-notification',
    'order-status',
    'contact-message',
    'security-alert',
    'password-reset',
    'stock-alert-confirm',
    'back-in-stock',
    'test-mail',
  ]),
  to: z.email(),
  replyTo: z.email().optional(),
  subject: z.string().overwrite(singleLine).min(1).max(300),
  text: z.string().overwrite(multiLine).min(1).max(100_000),
  html: z.string().max(200_000).optional(),
});
export type OutgoingMail = z.infer<typeof outgoingMailSchema>;

export type MailStatus = 'pending' | 'delivered' | 'failed';

export type OutboxEntry = {
  id: number;
  kind: OutgoingMail['kind'];
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  deliveredAt: string | null;
};

/** What waits in the outbox: for the health check and the dashboard. */
export type OutboxBacklog = { pending: number; failed: number; oldestPendingAt: string | null };
