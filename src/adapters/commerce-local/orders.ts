import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { canCheckout, MIN_ORDER_MESSAGE } from '../../domain/cart/cart-rules.ts';
import { AppError } from '../../domain/errors.ts';
import { type Delivery, ORDER_TRANSITIONS, type Order } from '../../domain/orders/order.ts';
import { courierFee } from '../../domain/settings/checkout-terms.ts';
import type { OrderPort, PlaceOrderInput } from '../../ports/commerce.ts';
import type { EnqueueMail } from '../mail-outbox/enqueue.ts';
import { inSyncTransaction, inTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { parseGid, toGid } from '../sqlite/ids.ts';
import { prepared } from '../sqlite/prepared.ts';
import type { DB } from '../sqlite/schema.ts';
import { isCartId, readCart } from './carts.ts';

type OrderRow = Selectable<DB['orders']>;

export type LocalOrdersOptions = {
  /** Queues a mail inside the order's transaction (the outbox lives in the same database). */
  enqueueMail?: EnqueueMail;
};

/** Orders on the local engine: placing one is a single transaction that cannot oversell. */
export function createLocalOrders(engine: Engine, options: LocalOrdersOptions = {}): OrderPort {
  const { db, sqlite } = engine;
  return {
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
          return { order: orderOf(previous, linesOf(sqlite, previous.id)), created: false };
        }
        const order = createOrder(sqlite, input);
        for (const mail of mailsOf?.(order) ?? []) options.enqueueMail?.(sqlite, mail);
        return { order, created: true };
      });
    },

    async listOrders({ status, page, pageSize }) {
      let query = db.selectFrom('orders');
      if (status) query = query.where('status', '=', status);
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
      return { orders, total, page: current, pageCount, pageSize };
    },

    async getOrder(id) {
      const rowId = parseGid('Order', id);
      if (rowId === null) return null;
      const row = await db.selectFrom('orders').selectAll().where('id', '=', rowId).executeTakeFirst();
      return row ? toOrder(db, row) : null;
    },

    async setOrderStatus(id, status) {
      const rowId = parseGid('Order', id);
      if (rowId === null) throw new AppError('not_found', 'Η παραγγελία δεν βρέθηκε.');
      return inTransaction(db, async (trx) => {
        const row = await trx.selectFrom('orders').selectAll().where('id', '=', rowId).executeTakeFirst();
        if (!row) throw new AppError('not_found', 'Η παραγγελία δεν βρέθηκε.');
        if (!ORDER_TRANSITIONS[row.status].includes(status)) {
          throw new AppError(
            'conflict',
            `Η παραγγελία δεν μπορεί να αλλάξει από «${row.status}» σε «${status}».`,
          );
        }
        if (status === 'cancelled') await restock(trx, row.id);
        await trx
          .updateTable('orders')
          .set({ status, updated_at: new Date().toISOString() })
          .where('id', '=', row.id)
          .execute();
        return toOrder(trx, { ...row, status });
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
  const row = prepared<OrderRow>(sqlite, 'SELECT * FROM orders WHERE id = ?').get(inserted.id);
  if (!row) throw new Error('createOrder: the order just inserted is missing');
  return orderOf(row, linesOf(sqlite, inserted.id));
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

async function toOrder(db: Kysely<DB> | Transaction<DB>, row: OrderRow): Promise<Order> {
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', row.id)
    .orderBy('id')
    .execute();
  return orderOf(row, lines);
}

/** An order as the port answers it, from its row and its lines' rows. */
function orderOf(row: OrderRow, lines: readonly OrderLineRow[]): Order {
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
  };
}
