import type { OutgoingMail } from '../../ports/mail.ts';

/** Hands one message to a delivery service; resolves once the service accepted it, rejects otherwise. */
export type MailTransport = { send(mail: OutgoingMail & { from: string }): Promise<void> };
