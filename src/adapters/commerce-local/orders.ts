import type { Transaction } from 'kysely';
import { AppError } from '../../domain/errors.ts';
import type { OutgoingMail } from '../../domain/mail/outgoing-mail.ts';
import { canMove, LIFECYCLE_MESSAGES, undoTarget } from '../../domain/orders/lifecycle.ts';
import type { OrderPort } from '../../ports/commerce.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { type EnqueueMail, enqueueMailIn } from '../mail-outbox/enqueue.ts';
import { sqliteEngineOf } from '../sqlite/engine-of.ts';
import { parseGid } from '../sqlite/ids.ts';
import { isCartId } from './carts.ts';
import { localCustomers } from './customers.ts';
import { foldedWords } from './folded-search.ts';
import { placeOnPostgres, placeOnSqlite } from './order-placement.ts';
import { type OrderRow, orderOf, statusCounts, toOrder } from './order-rows.ts';
import { orderMatches, sameEmail } from './order-search.ts';
import { restock } from './stock-moves.ts';

export type LocalOrdersOptions = {
  /**
   * SQLite's synchronous outbox write, for the mails queued inside an order's transaction (the
   * outbox lives in the same database); without it SQLite refuses mails. On PostgreSQL the mails
   * always go through enqueueMailIn, in the same transaction.
   */
  enqueueMail?: EnqueueMail;
};

/**
 * Orders on the local engine, on SQLite or PostgreSQL: placing one is a single transaction that
 * cannot oversell (order-placement.ts), and every move of its lifecycle is one transaction with
 * its event and its mail. On PostgreSQL a move locks the order's row first, so two admins moving
 * one order at once take turns: the second sees the first's move and gets the lifecycle's 409.
 */
export function createLocalOrders(store: ShopDatabase, options: LocalOrdersOptions = {}): OrderPort {
  const { db, dialect } = store;
  const engine = sqliteEngineOf(store);

  /**
   * Queues a mail in `trx`: on SQLite synchronously on the same connection, which that transaction
   * holds; null when SQLite has no outbox wired (the callers that need one refuse before).
   */
  async function queue(trx: Transaction<DB>, mail: OutgoingMail, now?: Date, notBefore?: Date) {
    if (!engine) return enqueueMailIn(trx, mail, now, notBefore);
    return options.enqueueMail?.(engine.sqlite, mail, now, notBefore) ?? null;
  }

  /** The order's row, locked until the transaction ends on PostgreSQL (SQLite has one writer). */
  async function orderForMove(trx: Transaction<DB>, id: string): Promise<OrderRow> {
    const rowId = parseGid('Order', id);
    if (rowId === null) throw new AppError('not_found', LIFECYCLE_MESSAGES.notFound);
    const query = trx.selectFrom('orders').selectAll().where('id', '=', rowId);
    const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!row) throw new AppError('not_found', LIFECYCLE_MESSAGES.notFound);
    return row;
  }

  /**
   * What the shopper has not been told yet is withdrawn: a mail still waiting its first turn, or
   * one that failed for good. A mail delivered, or being sent right now (claimed), or waiting to
   * be tried again, may reach the shopper: a correction follows it, never before it.
   */
  async function withdrawOrCorrect(trx: Transaction<DB>, mailId: number, correction: () => OutgoingMail) {
    const at = new Date();
    const withdrawn = await trx
      .deleteFrom('mail_outbox')
      .where('id', '=', mailId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'failed'),
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at.toISOString())]),
        ]),
      )
      .executeTakeFirst();
    if (withdrawn.numDeletedRows > 0n) return;
    const original = await trx
      .selectFrom('mail_outbox')
      .select(['status', 'next_attempt_at'])
      .where('id', '=', mailId)
      .executeTakeFirst();
    const notBefore =
      original?.status === 'pending' ? new Date(Date.parse(original.next_attempt_at) + 1000) : at;
    await queue(trx, correction(), at, notBefore);
  }

  return {
    ...localCustomers(store),

    async placeOrder(input) {
      if (!isCartId(input.cartId)) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε.');
      if (!engine) return placeOnPostgres(store, input);
      if (input.mails && !options.enqueueMail)
        throw new Error('createLocalOrders: mails were given but no outbox is wired');
      return placeOnSqlite(engine, input, options.enqueueMail);
    },

    async listOrders({ status, search, email, page, pageSize }) {
      let query = db.selectFrom('orders');
      if (status) query = query.where('status', '=', status);
      if (email !== undefined) query = query.where(sameEmail(dialect, email));
      for (const word of foldedWords(search ?? '')) query = query.where(orderMatches(dialect, word));
      const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const total = Number(counted.n);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const current = Math.min(Math.max(1, page), pageCount);
      const rows = await query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((current - 1) * pageSize)
        .execute();
      const orders = await Promise.all(rows.map((row) => toOrder(db, row)));
      return { orders, total, page: current, pageCount, pageSize, counts: await statusCounts(db) };
    },

    async getOrder(id) {
      const rowId = parseGid('Order', id);
      if (rowId === null) return null;
      const row = await db.selectFrom('orders').selectAll().where('id', '=', rowId).executeTakeFirst();
      return row ? toOrder(db, row) : null;
    },

    orderCounts: () => statusCounts(db),

    async customerOrders(email) {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where(sameEmail(dialect, email))
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return Promise.all(rows.map((row) => toOrder(db, row)));
    },

    async setOrderStatus(id, change, mail) {
      if (mail && engine && !options.enqueueMail)
        throw new Error('createLocalOrders: a mail was given but no outbox is wired');
      return store.transaction(async (trx) => {
        const row = await orderForMove(trx, id);
        const order = orderOf(row, [], []);
        if (!canMove(order, change.status))
          throw new AppError('conflict', LIFECYCLE_MESSAGES.notAllowed(row.status, change.status));
        if (change.status === 'cancelled') await restock(store, trx, row.id);
        const now = new Date().toISOString();
        await trx
          .updateTable('orders')
          .set({ status: change.status, updated_at: now })
          .where('id', '=', row.id)
          .execute();
        const event = await trx
          .insertInto('order_events')
          .values({
            order_id: row.id,
            status: change.status,
            shipment_json: change.shipment ? JSON.stringify(change.shipment) : null,
            reason: change.reason ?? '',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const moved = await toOrder(trx, { ...row, status: change.status, updated_at: now });
        const told = mail?.(moved);
        if (told) {
          // Inside this transaction: the move and its mail commit together.
          const mailId = await queue(trx, told);
          await trx.updateTable('order_events').set({ mail_id: mailId }).where('id', '=', event.id).execute();
        }
        return toOrder(trx, { ...row, status: change.status, updated_at: now });
      });
    },

    async undoStatus(id, correction) {
      return store.transaction(async (trx) => {
        const row = await orderForMove(trx, id);
        const order = await toOrder(trx, row);
        const live = order.history.filter((event) => event.undoneAt === null);
        const last = live.at(-1);
        const before = live.at(-2);
        const target = last && before ? undoTarget(order, before.status, last.status) : null;
        if (!last || !before || target === null || last.status !== row.status)
          throw new AppError('conflict', LIFECYCLE_MESSAGES.nothingToUndo);
        const now = new Date().toISOString();
        await trx.updateTable('order_events').set({ undone_at: now }).where('id', '=', last.id).execute();
        await trx
          .updateTable('orders')
          .set({ status: target, updated_at: now })
          .where('id', '=', row.id)
          .execute();
        const undone = await toOrder(trx, { ...row, status: target, updated_at: now });
        if (last.mail) await withdrawOrCorrect(trx, last.mail.id, () => correction(undone, last));
        return toOrder(trx, { ...row, status: target, updated_at: now });
      });
    },

    async getOrderByToken(accessToken) {
      if (!/^[A-Za-z0-9_-]{32}$/.test(accessToken)) return null;
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('access_token', '=', accessToken)
        .executeTakeFirst();
      return row ? toOrder(db, row) : null;
    },
  };
}
