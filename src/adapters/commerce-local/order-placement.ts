import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { Cart } from '../../domain/cart/cart.ts';
import { canCheckout, MIN_ORDER_MESSAGE } from '../../domain/cart/cart-rules.ts';
import { AppError } from '../../domain/errors.ts';
import type { Order } from '../../domain/orders/order.ts';
import { courierFee } from '../../domain/settings/checkout-terms.ts';
import type { PlaceOrderInput } from '../../ports/commerce.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { type EnqueueMail, outboxRows } from '../mail-outbox/enqueue.ts';
import { preparedStatement } from '../postgres/prepared-statements.ts';
import { inSyncTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { parseGid } from '../sqlite/ids.ts';
import { prepared } from '../sqlite/prepared.ts';
import { readCart, readCartIn, readCartToOrder } from './cart-reads.ts';
import {
  type EventRow,
  type OrderLineRow,
  type OrderRow,
  orderNumber,
  orderOf,
  toOrder,
} from './order-rows.ts';
import { customerFolded } from './order-search.ts';
import { cartVariants, lockStock, takeOneExpression, takeStock, takeStockExpression } from './stock-moves.ts';

/**
 * Placing an order: one transaction that re-reads the cart, takes the stock, writes the order, its
 * lines, its placed event and its mails, and closes the cart (decisions 004, 030). On SQLite it is
 * synchronous plain SQL, the hot write of a busy shop; on PostgreSQL one statement without a
 * transaction when the cart allows it (decision 104), else the same steps through Kysely, with the
 * cart's row locked first, so checkouts of one cart take turns from any instance, and its stock
 * rows locked last, in item order, so checkouts of different carts never deadlock over the stock
 * (stock-moves.ts) and hold it briefly.
 * What the order is (checks, totals, messages, numbering) is decided once, below.
 */

export type Placed = { order: Order; created: boolean };

const CART_GONE = 'Το καλάθι δεν βρέθηκε ή έχει ήδη ολοκληρωθεί.';

/** A key seen before is answered with its order, unless it came with another cart. */
function refuseOtherCart(previous: OrderRow, input: PlaceOrderInput): void {
  if (previous.cart_id !== input.cartId) throw new AppError('conflict', 'Μη έγκυρο αίτημα παραγγελίας.');
}

/**
 * The lines to order, once the cart is as the shopper last saw it: if reading it changed anything,
 * the shopper must see the new cart before paying, so nothing is ordered and each change is named.
 */
function orderedLines(cart: Cart) {
  if (cart.notices.length > 0) {
    throw new AppError('conflict', cart.notices.map((notice) => notice.message).join(' '), {
      cart: 'changed',
    });
  }
  if (cart.lines.length === 0) throw new AppError('invalid', 'Το καλάθι είναι άδειο.');
  if (!canCheckout(cart.subtotalCents)) throw new AppError('invalid', MIN_ORDER_MESSAGE);
  return cart.lines.map((line) => ({
    line,
    variantId: Number(parseGid('ProductVariant', line.merchandise.id)),
  }));
}

/** A buyer who lost the race for the last copy: named, and the whole order rolled back. */
const soldOut = (title: string) =>
  new AppError('conflict', `Το «${title}» μόλις εξαντλήθηκε. Δεν έγινε καμία χρέωση ή παραγγελία.`, {
    cart: 'changed',
  });

/** The order's row; its number follows from its id once inserted. */
function orderValues(input: PlaceOrderInput, cart: Cart, now: string) {
  const shippingCents =
    input.delivery.method === 'courier' ? courierFee(input.shipping, cart.subtotalCents) : 0;
  return {
    number: `pending-${randomBytes(8).toString('hex')}`,
    cart_id: input.cartId,
    idempotency_key: input.idempotencyKey,
    access_token: randomBytes(24).toString('base64url'),
    status: 'pending' as const,
    customer_name: input.customer.name,
    email: input.customer.email,
    phone: input.customer.phone,
    delivery_json: JSON.stringify(input.delivery),
    payment_method: input.payment,
    notes: input.notes,
    subtotal_cents: cart.subtotalCents,
    shipping_cents: shippingCents,
    total_cents: cart.subtotalCents + shippingCents,
    created_at: now,
    updated_at: now,
  };
}

const lineValues = (orderId: number, lines: ReturnType<typeof orderedLines>) =>
  lines.map(({ line, variantId }) => ({
    order_id: orderId,
    variant_id: variantId,
    product_title: line.merchandise.title,
    unit_price_cents: line.merchandise.priceCents,
    quantity: line.quantity,
  }));

// SQLite: one synchronous transaction in plain SQL (decision 004).

const INSERT_ORDER = `INSERT INTO orders (number, cart_id, idempotency_key, access_token, status,
    customer_name, email, phone, delivery_json, payment_method, notes,
    subtotal_cents, shipping_cents, total_cents, created_at, updated_at)
  VALUES (@number, @cart_id, @idempotency_key, @access_token, @status, @customer_name, @email, @phone,
    @delivery_json, @payment_method, @notes, @subtotal_cents, @shipping_cents, @total_cents,
    @created_at, @updated_at) RETURNING id`;

const INSERT_LINE = `INSERT INTO order_lines (order_id, variant_id, product_title, unit_price_cents, quantity)
  VALUES (@order_id, @variant_id, @product_title, @unit_price_cents, @quantity)`;

const PLACED_EVENT = `INSERT INTO order_events (order_id, status, mail_id, created_at) VALUES (?, 'pending', ?, ?)`;

/** Places the order on SQLite; `enqueueMail` writes its mails on the same connection. */
export function placeOnSqlite(engine: Engine, input: PlaceOrderInput, enqueueMail: EnqueueMail | undefined) {
  const { sqlite } = engine;
  return inSyncTransaction(engine, (): Placed => {
    const previous = prepared<OrderRow>(sqlite, 'SELECT * FROM orders WHERE idempotency_key = ?').get(
      input.idempotencyKey,
    );
    if (previous) {
      refuseOtherCart(previous, input);
      return { order: readOrder(sqlite, previous.id), created: false };
    }
    const cart = prepared<{ closed_at: string | null }>(
      sqlite,
      'SELECT closed_at FROM carts WHERE id = ?',
    ).get(input.cartId);
    if (!cart || cart.closed_at !== null) throw new AppError('not_found', CART_GONE);
    const current = readCart(sqlite, input.cartId);
    const lines = orderedLines(current);
    for (const { line, variantId } of lines) {
      if (line.merchandise.available === null) continue;
      if (!takeStock(sqlite, variantId, line.quantity)) throw soldOut(line.merchandise.title);
    }
    const now = new Date().toISOString();
    const inserted = prepared<{ id: number }>(sqlite, INSERT_ORDER).get(orderValues(input, current, now));
    if (!inserted) throw new Error('placeOrder: the order insert returned no row');
    prepared(sqlite, 'UPDATE orders SET number = ? WHERE id = ?').run(orderNumber(inserted.id), inserted.id);
    for (const values of lineValues(inserted.id, lines)) prepared(sqlite, INSERT_LINE).run(values);
    prepared(sqlite, 'UPDATE carts SET closed_at = ?, updated_at = ? WHERE id = ?').run(
      now,
      now,
      input.cartId,
    );
    const placed = readOrder(sqlite, inserted.id);
    // The first mail is the shopper's confirmation: the placed event keeps it, so the order page
    // can say whether it has gone out.
    const mailIds = (input.mails?.(placed) ?? []).map((mail) => enqueueMail?.(sqlite, mail) ?? null);
    prepared(sqlite, PLACED_EVENT).run(inserted.id, mailIds[0] ?? null, now);
    return { order: readOrder(sqlite, inserted.id), created: true };
  });
}

const EVENTS = `SELECT order_events.id, order_events.status, order_events.shipment_json, order_events.reason,
    order_events.mail_id, order_events.created_at, order_events.undone_at, mail_outbox.status AS mail_status
  FROM order_events LEFT JOIN mail_outbox ON mail_outbox.id = order_events.mail_id
  WHERE order_events.order_id = ? ORDER BY order_events.id`;

/** An order read whole on the synchronous connection (inside the order's own transaction). */
function readOrder(sqlite: Database.Database, id: number): Order {
  const row = prepared<OrderRow>(sqlite, 'SELECT * FROM orders WHERE id = ?').get(id);
  if (!row) throw new Error(`readOrder: order ${id} is missing`);
  const lines = prepared<OrderLineRow>(
    sqlite,
    'SELECT * FROM order_lines WHERE order_id = ? ORDER BY id',
  ).all(id);
  return orderOf(row, lines, prepared<EventRow>(sqlite, EVENTS).all(id));
}

// PostgreSQL: the same steps, in as few round trips as they allow.

/** The placed event as the order's statement wrote it (PostgreSQL): its mail was queued with it. */
const placedEvent = (id: number | null, mailId: number | null | undefined, now: string): EventRow => ({
  id: Number(id),
  status: 'pending',
  shipment_json: null,
  reason: '',
  mail_id: mailId ?? null,
  created_at: now,
  undone_at: null,
  mail_status: mailId == null ? null : 'pending',
});

/** The orders table with the column PostgreSQL keeps for searching (its migration 008). */
const withFolded = (trx: Transaction<DB>) =>
  trx.$extendTables<{ orders: DB['orders'] & { customer_folded: string } }>();

/** Whether `error` is PostgreSQL's unique violation of the idempotency key. */
const isRepeatedKey = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505' &&
  (error as { constraint?: unknown }).constraint === 'orders_idempotency_key_unique';

/** Whether `error` is the stock's CHECK refusing a take below zero (a card sold meanwhile). */
const isShortStock = (error: unknown) => (error as { code?: unknown } | null)?.code === '23514';

/**
 * Places the order on PostgreSQL: in one statement without a transaction when it can (placeAtOnce),
 * else, and whenever that finds something changed, in a transaction with the cart's row locked
 * (placeIn), which answers every case. Two submits of one checkout meet at the cart's row: the
 * second finds the cart closed and the first's order by its key. A key already used with another
 * cart meets the key's unique constraint: the order is tried again, looking for the key first,
 * and answered as a repeat (or refused, for another cart).
 */
export async function placeOnPostgres(store: ShopDatabase, input: PlaceOrderInput): Promise<Placed> {
  let lookFirst = false;
  try {
    const placed = await placeAtOnce(store, input);
    if (placed) return placed;
  } catch (error) {
    if (isRepeatedKey(error)) lookFirst = true;
    else if (!isShortStock(error)) throw error;
  }
  try {
    return await store.transaction((trx) => placeIn(trx, input, lookFirst));
  } catch (error) {
    if (lookFirst || !isRepeatedKey(error)) throw error;
    return store.transaction((trx) => placeIn(trx, input, true));
  }
}

/**
 * The common order on PostgreSQL in two round trips and no transaction (decision 104): the cart
 * read with the order's id and the cart row's version, then one statement that writes everything,
 * committed as it ends. No lock is held while this process reads an answer, so the card's stock
 * row and the 'stock' counter, which every sale waits for, are held only while PostgreSQL runs
 * the statement. Each write follows from the cart's close, made only if the cart's row is still
 * the version read; the stock is taken without a condition, so a card sold meanwhile breaks its
 * CHECK and undoes the statement (an error here). Null, with nothing written, when the cart is
 * closed or gone, needs changes, cannot be ordered, holds more than one tracked card (their rows
 * are locked in item order, in placeIn), or changed before the statement: placeIn answers those.
 */
async function placeAtOnce(store: ShopDatabase, input: PlaceOrderInput): Promise<Placed | null> {
  const read = await readCartToOrder(store.db, input.cartId);
  if (!read || read.closedAt !== null || read.cart.notices.length > 0) return null;
  const { cart, orderId: id } = read;
  if (cart.lines.length === 0 || !canCheckout(cart.subtotalCents)) return null;
  const lines = orderedLines(cart);
  const tracked = lines.filter(({ line }) => line.merchandise.available !== null);
  const [one, ...more] = tracked;
  if (more.length > 0) return null;
  const now = new Date().toISOString();
  const values = { ...orderValues(input, cart, now), id, number: orderNumber(id) };
  const lineRows = lineValues(id, lines);
  const mails = outboxRows(input.mails?.(orderOf(values, lineRows, [])) ?? [], new Date(now));
  const order = { ...values, customer_folded: customerFolded(input.customer) };
  const statement = sql<{ event_id: number; mail_id: number | null }>`WITH
    closed AS (
      UPDATE carts SET closed_at = ${now}, updated_at = ${now}
      WHERE id = ${input.cartId} AND closed_at IS NULL AND xmin = ${read.version}::xid
      RETURNING id),
    placed AS (
      INSERT INTO orders
      SELECT * FROM jsonb_populate_record(NULL::orders, ${JSON.stringify(order)}::jsonb)
      WHERE EXISTS (SELECT FROM closed)
      RETURNING id),
    lines AS (
      INSERT INTO order_lines (order_id, variant_id, product_title, unit_price_cents, quantity)
      SELECT line.order_id, line.variant_id, line.product_title, line.unit_price_cents, line.quantity
      FROM jsonb_populate_recordset(NULL::order_lines, ${JSON.stringify(lineRows)}::jsonb) AS line
      WHERE EXISTS (SELECT FROM placed)),
    mails AS (
      INSERT INTO mail_outbox (kind, to_address, reply_to, subject, text_body, html_body, status,
        next_attempt_at, created_at)
      SELECT mail.kind, mail.to_address, mail.reply_to, mail.subject, mail.text_body, mail.html_body,
        mail.status, mail.next_attempt_at, mail.created_at
      FROM jsonb_populate_recordset(NULL::mail_outbox, ${JSON.stringify(mails)}::jsonb) AS mail
      WHERE EXISTS (SELECT FROM placed)
      RETURNING id),
    event AS (
      INSERT INTO order_events (order_id, status, mail_id, created_at)
      SELECT placed.id, 'pending', (SELECT min(id) FROM mails), ${now} FROM placed
      RETURNING id, mail_id)${
        one
          ? sql`,
    taken AS (${takeOneExpression(one.variantId, one.line.quantity)})`
          : sql``
      }
    SELECT event.id AS event_id, event.mail_id FROM event`.compile(store.db);
  const { rows } = await store.db.executeQuery(preparedStatement(statement));
  const written = rows[0];
  if (!written) return null;
  const event = placedEvent(written.event_id, written.mail_id, now);
  return { order: orderOf(values, lineRows, [event]), created: true };
}

/**
 * The locked path, for what placeAtOnce leaves: five round trips (begin, the cart's lock with the
 * order's id, the cart, the writes, commit), six with several stock rows to lock (decision 103).
 * The writes are one statement, the last before the commit, and the stock is taken in it: its
 * rows (and the 'stock' counter their trigger moves, which every sale in the shop waits for) are
 * held from there to the commit, not for the whole order.
 */
async function placeIn(trx: Transaction<DB>, input: PlaceOrderInput, lookFirst: boolean): Promise<Placed> {
  // The order's id comes with the cart's lock: a checkout that ends without an order from here
  // on (a repeat, sold out, a cart that changed) leaves a gap in the numbers, as a rolled-back
  // insert always did.
  const cart = await trx
    .selectFrom('carts')
    .select([
      'closed_at',
      sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))::integer`.as('order_id'),
    ])
    .where('id', '=', input.cartId)
    .forUpdate()
    .executeTakeFirst();
  // Looked for once the cart is ours: the same checkout may have been placed (and the cart
  // closed) while this one waited. An open cart has no order yet, unless the key came with
  // another cart (the retry above).
  if (lookFirst || !cart || cart.closed_at !== null) {
    const previous = await trx
      .selectFrom('orders')
      .selectAll()
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst();
    if (previous) {
      refuseOtherCart(previous, input);
      return { order: await toOrder(trx, previous), created: false };
    }
  }
  if (!cart || cart.closed_at !== null) throw new AppError('not_found', CART_GONE);
  const current = await readCartIn(trx, input.cartId);
  const lines = orderedLines(current);
  const tracked = lines.filter(({ line }) => line.merchandise.available !== null);
  // Several stock rows are locked first, in item order (stock-moves.ts); one needs no lock first.
  if (tracked.length > 1) await lockStock(trx, cartVariants(trx, input.cartId));
  const id = cart.order_id;
  const now = new Date().toISOString();
  const values = { ...orderValues(input, current, now), id, number: orderNumber(id) };
  const lineRows = lineValues(id, lines);
  // The mails are written from the order as it will read once placed.
  const mails = outboxRows(input.mails?.(orderOf(values, lineRows, [])) ?? [], new Date(now));
  const written = await withFolded(trx)
    .with('placed', (db) =>
      db
        .insertInto('orders')
        .values({ ...values, customer_folded: customerFolded(input.customer) })
        .returningAll(),
    )
    .with('lines', (db) => db.insertInto('order_lines').values(lineRows).returning('id'))
    .with('closed', (db) =>
      db
        .updateTable('carts')
        .set({ closed_at: now, updated_at: now })
        .where('id', '=', input.cartId)
        .returning('id'),
    )
    .with('mails', (db) =>
      mails.length > 0
        ? db.insertInto('mail_outbox').values(mails).returning('id')
        : db.selectFrom('mail_outbox').select('id').where(sql<boolean>`false`),
    )
    .with('event', (db) =>
      db
        .insertInto('order_events')
        .values((eb) => ({
          order_id: id,
          status: 'pending',
          mail_id: eb.selectFrom('mails').select((m) => m.fn.min('id').as('id')),
          created_at: now,
        }))
        .returning(['id', 'mail_id']),
    )
    .with(
      'taken(variant_id)',
      // Kysely puts a raw CTE's body as it is: the parentheses are the statement's.
      () =>
        sql`(${takeStockExpression(tracked.map(({ line, variantId }) => ({ variantId, quantity: line.quantity })))})`,
    )
    .selectFrom('placed')
    .selectAll('placed')
    .select((eb) => [
      eb.selectFrom('event').select('id').as('event_id'),
      eb.selectFrom('event').select('mail_id').as('event_mail_id'),
      sql<number[] | null>`(SELECT array_agg(variant_id) FROM taken)`.as('taken'),
    ])
    .executeTakeFirstOrThrow();
  // The conditional decrement is what decides: a buyer who lost the last copy rolls it all back.
  const taken = new Set(written.taken ?? []);
  const short = tracked.find(({ variantId }) => !taken.has(variantId));
  if (short) throw soldOut(short.line.merchandise.title);
  const { event_id, event_mail_id, taken: _, customer_folded: __, ...row } = written;
  return { order: orderOf(row, lineRows, [placedEvent(event_id, event_mail_id, now)]), created: true };
}
