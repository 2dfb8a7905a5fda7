import type { Kysely, Transaction } from 'kysely';
import { greekZodError } from '../../domain/validation-messages.ts';
import { AppError } from '../../ports/errors.ts';
import { type OutgoingMail, outgoingMailSchema } from '../../ports/mail.ts';
import type { DB } from '../sqlite/schema.ts';

/**
 * Writes one message into the outbox through `db`, which may be another adapter's open
 * transaction: an order and its mails, or a contact message and its mail, then commit together
 * or not at all. Delivery happens later (deliverDue), never inside the transaction.
 */
export type EnqueueMail = (
  db: Kysely<DB> | Transaction<DB>,
  mail: OutgoingMail,
  now?: Date,
) => Promise<number>;

export const enqueueMail: EnqueueMail = async (db, mail, now = new Date()) => {
  const parsed = outgoingMailSchema.safeParse(mail, { error: greekZodError });
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.') || 'mail', issue.message]),
    );
    throw new AppError('invalid', 'Το μήνυμα δεν είναι έγκυρο.', fields);
  }
  const valid = parsed.data;
  const at = now.toISOString();
  const row = await db
    .insertInto('mail_outbox')
    .values({
      kind: valid.kind,
      to_address: valid.to,
      reply_to: valid.replyTo ?? null,
      subject: valid.subject,
      text_body: valid.text,
      html_body: valid.html ?? null,
      status: 'pending',
      next_attempt_at: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
