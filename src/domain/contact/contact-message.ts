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
