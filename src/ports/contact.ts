import type { OutgoingMail } from './mail.ts';

/** Messages sent through the contact form: kept by the shop (the owner's inbox) before any mail goes out. */
export type ContactMessage = {
  id: number;
  name: string;
  email: string;
  message: string;
  /** The sender's address as the server saw it, for spotting abuse. */
  ip: string;
  /** When the owner first opened it; null while unread. */
  readAt: string | null;
  createdAt: string;
};

export type NewContactMessage = Pick<ContactMessage, 'name' | 'email' | 'message' | 'ip'>;

export type ContactPage = {
  messages: ContactMessage[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
};

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
