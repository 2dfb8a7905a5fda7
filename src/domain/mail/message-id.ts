import { parseAddress } from './address.ts';

/**
 * The Message-ID header (RFC 5322) of one outbox message: the same on every attempt to send it,
 * and different for every other message. If a process dies after its SMTP server took a message
 * but before the outbox recorded that, the message goes again once its claim ends; mail systems
 * that drop a message whose Message-ID they already have (Gmail does) then show it once.
 *
 * The row id alone would repeat in a shop whose database was started afresh, and a new message
 * taken for an old one is never shown; the creation time in milliseconds tells them apart. The
 * domain is the sender's, as RFC 5322 suggests.
 */
export function outboxMessageId(id: number, createdAt: Date, from: string): string {
  const { email } = parseAddress(from);
  const domain = email.includes('@') ? email.slice(email.lastIndexOf('@') + 1).trim() : '';
  return `<outbox.${id}.${createdAt.getTime().toString(36)}@${domain || 'localhost'}>`;
}
