import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { canCheckout, MIN_ORDER_MESSAGE } from '../../domain/cart/cart-rules.ts';
import { AppError } from '../../domain/errors.ts';
import type { MailStatus, OutgoingMail } from '../../domain/mail/outgoing-mail.ts';
import type { Shipment } from '../../domain/orders/carriers.ts';
import { canMove, LIFECYCLE_MESSAGES, undoTarget } from '../../domain/orders/lifecycle.ts';
import {
  type Delivery,
  ORDER_STATUSES,
  type Order,
  type OrderEvent,
  type OrderStatus,
} from '../../domain/orders/order.ts';
import { courierFee } from '../../domain/settings/checkout-terms.ts';
import type { OrderPort, PlaceOrderInput } from '../../ports/commerce.ts';
import type { DB } from '../database/schema.ts';
import type { EnqueueMail } from '../mail-outbox/enqueue.ts';
import { inSyncTransaction, inTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { parseGid, toGid } from '../sqlite/ids.ts';
import { prepared } from '../sqlite/prepared.ts';
import { isCartId, readCart } from './carts.ts';
import { localCustomers } from './customers.ts';
import { foldedContains, foldedWords } from './folded-search.ts';

type OrderRow = Selectable<DB['orders']>;

export type LocalOrdersOptions = {
  /** Queues a mail inside the order's transaction (the outbox lives in the same database). */
  enqueueMail?: EnqueueMail;
};

/** Orders on the local engine: placing one is a single transaction that cannot oversell. */
export function createLocalOrders(engine: Engine, options: LocalOrdersOptions = {}): OrderPort {
  const { db, sqlite } = engine;

  /**
   * What the shopper has not been told yet is withdrawn: a mail still waiting its first turn, or
   * one that failed for good. A mail delivered, or being sent right now (claimed), or waiting to
   * be tried again, may reach the shopper: a correction follows it, never before it.
   */
  async function withdrawOrCorrect(trx: Kysely<DB>, mailId: number, correction: () => OutgoingMail) {
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
    options.enqueueMail?.(sqlite, correction(), at, notBefore);
  }

  return {
    ...localCustomers(db),

    async placeOrder(input) {
      if (!isCartId(input.cartId)) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε.');
      const mailsOf = input.mails;
      if (mailsOf && !options.enqueueMail)
        throw new Error('createLocalOrders: mails were given but no outbox is wired');
      // One synchronous transaction in plain SQL: the hot write of a busy shop (decision 065).
      return inSyncTransaction(engine, () => {
        const previous = prepared<OrderRow>(sqlite, 'SELECT * FROM orders WHERE idempotency_key = ?').get(
          input.idempotencyKey,
        );
        if (previous) {
          if (previous.cart_id !== input.cartId)
            throw new AppError('conflict', 'Μη έγκυρο αίτημα παραγγελίας.');
          return { order: readOrder(sqlite, previous.id), created: false };
        }
        const placed = createOrder(sqlite, input);
        // The first mail is the shopper's confirmation: the placed event keeps it, so the order
        // page can say whether it has gone out.
        const mailIds = (mailsOf?.(placed) ?? []).map((mail) => options.enqueueMail?.(sqlite, mail) ?? null);
        prepared(sqlite, PLACED_EVENT).run(placed.id.split('/').pop(), mailIds[0] ?? null, placed.createdAt);
        return { order: readOrder(sqlite, Number(parseGid('Order', placed.id))), created: true };
      });
    },

    async listOrders({ status, search, email, page, pageSize }) {
      let query = db.selectFrom('orders');
      if (status) query = query.where('status', '=', status);
      if (email !== undefined) query = query.where(sql<string>`email COLLATE NOCASE`, '=', email);
      const words = foldedWords(search ?? '');
      for (const word of words) {
        query = query.where((eb) =>
          eb.or(['number', 'customer_name', 'email', 'phone'].map((column) => foldedContains(column, word))),
        );
      }
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
        .where(sql<string>`email COLLATE NOCASE`, '=', email)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return Promise.all(rows.map((row) => toOrder(db, row)));
    },

    async setOrderStatus(id, change, mail) {
      const rowId = parseGid('Order', id);
      if (rowId === null) throw new AppError('not_found', LIFECYCLE_MESSAGES.notFound);
      if (mail && !options.enqueueMail)
        throw new Error('createLocalOrders: a mail was given but no outbox is wired');
      return inTransaction(db, async (trx) => {
        const row = await trx.selectFrom('orders').selectAll().where('id', '=', rowId).executeTakeFirst();
        if (!row) throw new AppError('not_found', LIFECYCLE_MESSAGES.notFound);
        const order = orderOf(row, [], []);
        if (!canMove(order, change.status))
          throw new AppError('conflict', LIFECYCLE_MESSAGES.notAllowed(row.status, change.status));
        if (change.status === 'cancelled') await restock(trx, row.id);
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
          // On the same connection, inside this transaction: the move and its mail commit together.
          const mailId = options.enqueueMail?.(sqlite, told);
          await trx
            .updateTable('order_events')
            .set({ mail_id: mailId ?? null })
            .where('id', '=', event.id)
            .execute();
        }
        return toOrder(trx, { ...row, status: change.status, updated_at: now });
      });
    },

    async undoStatus(id, correction) {
      const rowId = parseGid('Order', id);
      if (rowId === null) throw new AppError('not_found', LIFECYCLE_MESSAGES.notFound);
      return inTransaction(db, async (trx) => {
        const row = await trx.selectFrom('orders').selectAll().where('id', '=', rowId).executeTakeFirst();
        if (!row) throw new AppError('not_found', LIFECYCLE_MESSAGES.notFound);
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

/** The location sales take stock from: the shop's first (the engine has one). */
const SHOP_LOCATION = 'SELECT id FROM locations ORDER BY id LIMIT 1';
const shopLocation = () => sql<number>`(${sql.raw(SHOP_LOCATION)})`;

/** Takes a variant's quantity from the shop's stock, only while enough is left. */
const TAKE_STOCK = `UPDATE inventory_levels SET available = available - ?
  WHERE inventory_item_id = (SELECT id FROM inventory_items WHERE variant_id = ?)
    AND location_id = (${SHOP_LOCATION})
    AND available >= ?`;

const INSERT_ORDER = `INSERT INTO orders (number, cart_id, idempotency_key, access_token, status,
    customer_name, email, phone, delivery_json, payment_method, notes,
    subtotal_cents, shipping_cents, total_cents, created_at, updated_at)
  VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`;

const PLACED_EVENT = `INSERT INTO order_events (order_id, status, mail_id, created_at) VALUES (?, 'pending', ?, ?)`;

const INSERT_LINE = `INSERT INTO order_lines (order_id, variant_id, product_title, unit_price_cents, quantity)
  VALUES (?, ?, ?, ?, ?)`;

/** Places the order inside the caller's synchronous transaction; any throw rolls it all back. */
function createOrder(sqlite: Database.Database, input: PlaceOrderInput): Order {
  const cart = prepared<{ closed_at: string | null }>(sqlite, 'SELECT closed_at FROM carts WHERE id = ?').get(
    input.cartId,
  );
  if (!cart || cart.closed_at !== null)
    throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε ή έχει ήδη ολοκληρωθεί.');

  // Reading the cart brings every line within stock; if that changed anything, the shopper must
  // see the new cart before paying, so nothing is ordered and each change is named.
  const current = readCart(sqlite, input.cartId);
  if (current.notices.length > 0) {
    throw new AppError('conflict', current.notices.map((notice) => notice.message).join(' '), {
      cart: 'changed',
    });
  }
  if (current.lines.length === 0) throw new AppError('invalid', 'Το καλάθι είναι άδειο.');
  if (!canCheckout(current.subtotalCents)) throw new AppError('invalid', MIN_ORDER_MESSAGE);

  // Take the stock line by line with a conditional update: it cannot go below zero, and a buyer
  // who lost the race for the last card gets a clear answer while the whole order rolls back.
  const lines = current.lines.map((line) => ({
    line,
    variantId: Number(parseGid('ProductVariant', line.merchandise.id)),
  }));
  for (const { line, variantId } of lines) {
    if (line.merchandise.available === null) continue;
    const taken = prepared(sqlite, TAKE_STOCK).run(line.quantity, variantId, line.quantity);
    if (taken.changes === 0) {
      throw new AppError(
        'conflict',
        `Το «${line.merchandise.title}» μόλις εξαντλήθηκε. Δεν έγινε καμία χρέωση ή παραγγελία.`,
        {
          cart: 'changed',
        },
      );
    }
  }

  const now = new Date().toISOString();
  const shippingCents =
    input.delivery.method === 'courier' ? courierFee(input.shipping, current.subtotalCents) : 0;
  const inserted = prepared<{ id: number }>(sqlite, INSERT_ORDER).get(
    `pending-${randomBytes(8).toString('hex')}`,
    input.cartId,
    input.idempotencyKey,
    randomBytes(24).toString('base64url'),
    input.customer.name,
    input.customer.email,
    input.customer.phone,
    JSON.stringify(input.delivery),
    input.payment,
    input.notes,
    current.subtotalCents,
    shippingCents,
    current.subtotalCents + shippingCents,
    now,
    now,
  );
  if (!inserted) throw new Error('createOrder: the order insert returned no row');
  prepared(sqlite, 'UPDATE orders SET number = ? WHERE id = ?').run(orderNumber(inserted.id), inserted.id);
  for (const { line, variantId } of lines) {
    prepared(sqlite, INSERT_LINE).run(
      inserted.id,
      variantId,
      line.merchandise.title,
      line.merchandise.priceCents,
      line.quantity,
    );
  }
  prepared(sqlite, 'UPDATE carts SET closed_at = ?, updated_at = ? WHERE id = ?').run(now, now, input.cartId);
  return readOrder(sqlite, inserted.id);
}

/** An order read whole on the synchronous connection (inside the order's own transaction). */
function readOrder(sqlite: Database.Database, id: number): Order {
  const row = prepared<OrderRow>(sqlite, 'SELECT * FROM orders WHERE id = ?').get(id);
  if (!row) throw new Error(`readOrder: order ${id} is missing`);
  return orderOf(row, linesOf(sqlite, id), prepared<EventRow>(sqlite, EVENTS).all(id));
}

/** Puts every line's quantity back on its variant's stock (lines whose product is gone are skipped). */
async function restock(trx: Transaction<DB>, orderId: number): Promise<void> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['variant_id', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  for (const line of lines) {
    if (line.variant_id === null) continue;
    await trx
      .updateTable('inventory_levels')
      .set((eb) => ({ available: eb('available', '+', line.quantity) }))
      .where(
        'inventory_item_id',
        '=',
        trx
          .selectFrom('inventory_items')
          .select('id')
          .where('variant_id', '=', line.variant_id)
          .where('tracked', '=', 1),
      )
      .where('location_id', '=', shopLocation())
      .execute();
  }
}

/** CV-100042: short enough to read out on the phone. */
export const orderNumber = (id: number) => `CV-${100_000 + id}`;

type OrderLineRow = Selectable<DB['order_lines']>;

const linesOf = (sqlite: Database.Database, orderId: number) =>
  prepared<OrderLineRow>(sqlite, 'SELECT * FROM order_lines WHERE order_id = ? ORDER BY id').all(orderId);

/** An order's events, oldest first, with the state of each one's mail while the outbox has it. */
const EVENTS = `SELECT order_events.id, order_events.status, order_events.shipment_json, order_events.reason,
    order_events.mail_id, order_events.created_at, order_events.undone_at, mail_outbox.status AS mail_status
  FROM order_events LEFT JOIN mail_outbox ON mail_outbox.id = order_events.mail_id
  WHERE order_events.order_id = ? ORDER BY order_events.id`;

type EventRow = {
  id: number;
  status: OrderStatus;
  shipment_json: string | null;
  reason: string;
  mail_id: number | null;
  created_at: string;
  undone_at: string | null;
  mail_status: MailStatus | null;
};

async function toOrder(db: Kysely<DB> | Transaction<DB>, row: OrderRow): Promise<Order> {
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', row.id)
    .orderBy('id')
    .execute();
  const events = await db
    .selectFrom('order_events')
    .leftJoin('mail_outbox', 'mail_outbox.id', 'order_events.mail_id')
    .select([
      'order_events.id',
      'order_events.status',
      'order_events.shipment_json',
      'order_events.reason',
      'order_events.mail_id',
      'order_events.created_at',
      'order_events.undone_at',
      'mail_outbox.status as mail_status',
    ])
    .where('order_events.order_id', '=', row.id)
    .orderBy('order_events.id')
    .execute();
  return orderOf(row, lines, events as EventRow[]);
}

/** Orders in each status, for the dashboard's filter and badge. */
async function statusCounts(db: Kysely<DB>): Promise<Record<OrderStatus, number>> {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

function eventOf(event: EventRow): OrderEvent {
  return {
    id: event.id,
    status: event.status,
    at: event.created_at,
    shipment: event.shipment_json ? (JSON.parse(event.shipment_json) as Shipment) : null,
    reason: event.reason,
    mail:
      event.mail_id !== null && event.mail_status !== null
        ? { id: event.mail_id, status: event.mail_status }
        : null,
    undoneAt: event.undone_at,
  };
}

/** An order as the port answers it, from its row and its lines' and events' rows. */
function orderOf(row: OrderRow, lines: readonly OrderLineRow[], events: readonly EventRow[]): Order {
  const history = events.map(eventOf);
  const shipped = history.findLast((event) => event.status === 'shipped' && event.undoneAt === null);
  return {
    id: toGid('Order', row.id),
    number: row.number,
    accessToken: row.access_token,
    status: row.status,
    customer: { name: row.customer_name, email: row.email, phone: row.phone },
    delivery: JSON.parse(row.delivery_json) as Delivery,
    payment: row.payment_method as Order['payment'],
    notes: row.notes,
    lines: lines.map((line) => ({
      variantId: line.variant_id === null ? null : toGid('ProductVariant', line.variant_id),
      title: line.product_title,
      unitPriceCents: line.unit_price_cents,
      quantity: line.quantity,
    })),
    subtotalCents: row.subtotal_cents,
    shippingCents: row.shipping_cents,
    totalCents: row.total_cents,
    createdAt: row.created_at,
    history,
    shipment: shipped?.shipment ?? null,
  };
}
