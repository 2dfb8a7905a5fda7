import type { ContactMessage, ContactPage, NewContactMessage } from '../domain/contact/contact-message.ts';
import type { OutgoingMail } from '../domain/mail/outgoing-mail.ts';

export interface ContactPort {
  /**
   * Stores the message durably (text as given, never interpreted) and answers it with its id.
   * `notify`, when given, is the owner's mail: it is queued in the same transaction.
   */
  save(message: NewContactMessage, notify?: OutgoingMail): Promise<ContactMessage>;
  /** Newest first; `page` starts at 1. */
  list(options: { page: number; pageSize: number }): Promise<ContactPage>;
  /** Marks a message read (now) or unread; throws AppError('not_found') for an unknown id. */
  setRead(id: number, read: boolean): Promise<ContactMessage>;
}
