import type { Selectable } from 'kysely';
import type { ContactMessage } from '../../domain/contact/contact-message.ts';
import { AppError } from '../../domain/errors.ts';
import type { ContactPort } from '../../ports/contact.ts';
import type { EnqueueMail } from '../mail-outbox/enqueue.ts';
import { inTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import type { DB } from '../sqlite/schema.ts';

const MAX_PAGE_SIZE = 100;

type Row = Selectable<DB['contact_messages']>;

export type LocalContactOptions = {
  /** Queues the owner's mail inside the message's transaction (the outbox is in the same database). */
  enqueueMail?: EnqueueMail;
  now?: () => Date;
};

/** The owner's inbox in SQLite (table contact_messages). */
export function createLocalContact({ db, sqlite }: Engine, options: LocalContactOptions = {}): ContactPort {
  const now = options.now ?? (() => new Date());
  return {
    async save({ name, email, message, ip }, notify) {
      if (notify && !options.enqueueMail)
        throw new Error('createLocalContact: a mail was given but no outbox is wired');
      const row = await inTransaction(db, async (trx) => {
        const saved = await trx
          .insertInto('contact_messages')
          .values({ name, email, message, ip, created_at: now().toISOString() })
          .returningAll()
          .executeTakeFirstOrThrow();
        // The outbox row is written on the same connection, inside this transaction.
        if (notify) options.enqueueMail?.(sqlite, notify);
        return saved;
      });
      return toMessage(row);
    },

    async list({ page, pageSize }) {
      const size = clamp(pageSize, 1, MAX_PAGE_SIZE);
      const counts = await db
        .selectFrom('contact_messages')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
        ])
        .executeTakeFirstOrThrow();
      // A page past the end (a stale link) shows the last page rather than an empty list.
      const lastPage = Math.max(1, Math.ceil(counts.total / size));
      const current = clamp(page, 1, lastPage);
      const rows = await db
        .selectFrom('contact_messages')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      return {
        messages: rows.map(toMessage),
        total: counts.total,
        unread: counts.unread,
        page: current,
        pageSize: size,
      };
    },

    async setRead(id, read) {
      const row = Number.isSafeInteger(id)
        ? await db
            .updateTable('contact_messages')
            // Keeps the first time it was opened when it is marked read again.
            .set((eb) => ({
              read_at: read ? eb.fn.coalesce('read_at', eb.val(now().toISOString())) : null,
            }))
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst()
        : undefined;
      if (!row) throw new AppError('not_found', 'Το μήνυμα δεν βρέθηκε.');
      return toMessage(row);
    },
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(Number.isFinite(value) ? Math.trunc(value) : min, min), max);
}

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    ip: row.ip,
    readAt: row.read_at,
    createdAt: row.created_at,
  };
}
