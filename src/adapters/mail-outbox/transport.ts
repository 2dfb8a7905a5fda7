import type { OutgoingMail } from '../../domain/mail/outgoing-mail.ts';

/**
 * Hands one message to a delivery service; resolves once the service accepted it, rejects otherwise.
 * `messageId` is the same on every attempt at one outbox message (domain/mail/message-id.ts); a
 * service that lets the sender set headers sends it.
 */
export type MailTransport = {
  send(mail: OutgoingMail & { from: string; messageId: string }): Promise<void>;
};

/**
 * A refusal the transport understood. `permanent`: trying the same message again cannot succeed
 * (a bad address, a rejected key, a template that does not exist), so the outbox marks it failed
 * at once for the owner to fix and retry. `retryAfterMs`: the service said when to come back.
 * Any other error counts as passing trouble and is retried with backoff.
 */
export class MailDeliveryError extends Error {
  readonly permanent: boolean;
  readonly retryAfterMs: number | null;

  constructor(message: string, options: { permanent: boolean; retryAfterMs?: number | null }) {
    super(message);
    this.name = 'MailDeliveryError';
    this.permanent = options.permanent;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}
