import type Database from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../domain/errors.ts';
import { type OutgoingMail, outgoingMailSchema } from '../../domain/mail/outgoing-mail.ts';
import { greekZodError } from '../../domain/text/validation-messages.ts';
import type { DB } from '../database/schema.ts';
import { prepared } from '../sqlite/prepared.ts';

/**
 * Writes one message into the outbox on `sqlite`, synchronously, inside the caller's open
 * transaction: an order and its mails, or a contact message and its mail, then commit together or
 * not at all. Outside a transaction the caller holds Kysely's connection lock, so the write never
 * lands in another's. Delivery happens later (deliverDue), never inside the transaction.
 */
export type EnqueueMail = (
  sqlite: Database.Database,
  mail: OutgoingMail,
  now?: Date,
  /** Not sent before this time: a correction waits for the mail it corrects. */
  notBefore?: Date,
) => number;

const INSERT = `INSERT INTO mail_outbox
  (kind, to_address, reply_to, subject, text_body, html_body, status, next_attempt_at, created_at)
  VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id`;

export const enqueueMail: EnqueueMail = (sqlite, mail, now = new Date(), notBefore = now) => {
  const valid = validMail(mail);
  const row = prepared<{ id: number }>(sqlite, INSERT).get(
    valid.kind,
    valid.to,
    valid.replyTo ?? null,
    valid.subject,
    valid.text,
    valid.html ?? null,
    notBefore.toISOString(),
    now.toISOString(),
  );
  if (!row) throw new Error('enqueueMail: the outbox insert returned no row');
  return row.id;
};

/**
 * The same through Kysely, on SQLite or PostgreSQL: inside `trx`, the message commits with the
 * caller's other writes or not at all.
 */
export async function enqueueMailIn(
  trx: Kysely<DB> | Transaction<DB>,
  mail: OutgoingMail,
  now = new Date(),
  notBefore = now,
): Promise<number> {
  const [id] = await enqueueMailsIn(trx, [mail], now, notBefore);
  if (id === undefined) throw new Error('enqueueMailIn: the outbox insert returned no row');
  return id;
}

/**
 * Several messages in one insert (an order's confirmation and the owner's notification): their
 * ids in the order given. None: no statement.
 */
export async function enqueueMailsIn(
  trx: Kysely<DB> | Transaction<DB>,
  mails: readonly OutgoingMail[],
  now = new Date(),
  notBefore = now,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await trx
    .insertInto('mail_outbox')
    .values(outboxRows(mails, now, notBefore))
    .returning('id')
    .execute();
  // Ids come from the table's sequence in the order of the rows inserted.
  return rows.map((row) => row.id).toSorted((a, b) => a - b);
}

/** The outbox's rows for `mails`, each checked first: for an insert of one's own (an order's). */
export function outboxRows(mails: readonly OutgoingMail[], now = new Date(), notBefore = now) {
  return mails.map(validMail).map((valid) => ({
    kind: valid.kind,
    to_address: valid.to,
    reply_to: valid.replyTo ?? null,
    subject: valid.subject,
    text_body: valid.text,
    html_body: valid.html ?? null,
    status: 'pending' as const,
    next_attempt_at: notBefore.toISOString(),
    created_at: now.toISOString(),
  }));
}

function validMail(mail: OutgoingMail): OutgoingMail {
  const parsed = outgoingMailSchema.safeParse(mail, { error: greekZodError });
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(
    parsed.error.issues.map((issue) => [issue.path.join('.') || 'mail', issue.message]),
  );
  throw new AppError('invalid', 'Το μήνυμα δεν είναι έγκυρο.', fields);
}
