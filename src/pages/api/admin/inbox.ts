import type { APIRoute } from 'astro';
import { z } from 'zod';
import type { OutboxEntry } from '../../../domain/mail/outgoing-mail.ts';
import { parseQuery, toResponse } from '../../../server/http/http.ts';

export const prerender = false;

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
});

const OUTBOX_SHOWN = 50;

/** The owner's inbox: one page of contact messages (newest first) and the latest outgoing mails. */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const { page, pageSize } = parseQuery(querySchema, url.searchParams);
    const { contact, mail } = locals.container;
    const [inbox, outbox] = await Promise.all([
      contact.list({ page, pageSize }),
      mail.listOutbox({ limit: OUTBOX_SHOWN }),
    ]);
    return {
      ...inbox,
      // Delivery state only: the bodies of order mails hold customers' addresses.
      outbox: outbox.map(({ text: _text, ...status }): Omit<OutboxEntry, 'text'> => status),
      // Without a mail service nothing is sent: the dashboard says so instead of showing mails
      // pending forever.
      mailConfigured: mail.service !== null,
    };
  });
