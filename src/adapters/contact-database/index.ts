import type { Selectable } from 'kysely';
import type { ContactMessage } from '../../domain/contact/contact-message.ts';
import { AppError } from '../../domain/errors.ts';
import type { ContactPort } from '../../ports/contact.ts';
import { isRowId } from '../database/row-id.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { enqueueMailIn } from '../mail-outbox/enqueue.ts';

const MAX_PAGE_SIZE = 100;

type Row = Selectable<DB['contact_messages']>;

export type ContactOptions = { now?: () => Date };

/**
 * The owner's inbox in the shop's database, SQLite or PostgreSQL (table contact_messages); the
 * owner's mail goes to the outbox in the same database, in the message's transaction.
 */
export function createDatabaseContact(store: ShopDatabase, options: ContactOptions = {}): ContactPort {
  const { db } = store;
  const now = options.now ?? (() => new Date());
  return {
    async save({ name, email, message, ip }, notify) {
      const row = await store.transaction(async (trx) => {
        const saved = await trx
          .insertInto('contact_messages')
          .values({ name, email, message, ip, created_at: now().toISOString() })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (notify) await enqueueMailIn(trx, notify, now());
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
      const row = isRowId(id)
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
