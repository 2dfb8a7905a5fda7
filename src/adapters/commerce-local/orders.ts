import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { canCheckout, MIN_ORDER_MESSAGE } from '../../domain/cart-rules.ts';
import {
  type Delivery,
  ORDER_TRANSITIONS,
  type Order,
  type OrderPort,
  type PlaceOrderInput,
} from '../../ports/commerce.ts';
import { AppError } from '../../ports/errors.ts';
import type { EnqueueMail } from '../mail-outbox/enqueue.ts';
import { inTransaction } from '../sqlite/busy-retry.ts';
import { parseGid, toGid } from '../sqlite/ids.ts';
import type { DB } from '../sqlite/schema.ts';
import { isCartId, readCart } from './carts.ts';

type OrderRow = Selectable<DB['orders']>;

export type LocalOrdersOptions = {
  /** Queues a mail inside the order's transaction (the outbox lives in the same database). */
  enqueueMail?: EnqueueMail;
};

/** Orders on the local engine: placing one is a single transaction that cannot oversell. */
export function createLocalOrders(db: Kysely<DB>, options: LocalOrdersOptions = {}): OrderPort {
  return {
    async placeOrder(input) {
      if (!isCartId(input.cartId)) throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε.');
      return inTransaction(db, async (trx) => {
        const previous = await trx
          .selectFrom('orders')
          .selectAll()
          .where('idempotency_key', '=', input.idempotencyKey)
          .executeTakeFirst();
        if (previous) {
          if (previous.cart_id !== input.cartId)
            throw new AppError('conflict', 'Μη έγκυρο αίτημα παραγγελίας.');
          return { order: await toOrder(trx, previous), created: false };
        }
        const order = await createOrder(trx, input);
        const mails = input.mails?.(order) ?? [];
        if (mails.length > 0 && !options.enqueueMail)
          throw new Error('createLocalOrders: mails were given but no outbox is wired');
        for (const mail of mails) await options.enqueueMail?.(trx, mail);
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

async function createOrder(trx: Transaction<DB>, input: PlaceOrderInput): Promise<Order> {
  const cart = await trx
    .selectFrom('carts')
    .select(['closed_at'])
    .where('id', '=', input.cartId)
    .executeTakeFirst();
  if (!cart || cart.closed_at !== null)
    throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε ή έχει ήδη ολοκληρωθεί.');

  // Reading the cart brings every line within stock; if that changed anything, the shopper must
  // see the new cart before paying, so nothing is ordered and each change is named.
  const current = await readCart(trx, input.cartId);
  if (current.notices.length > 0) {
    throw new AppError('conflict', current.notices.map((notice) => notice.message).join(' '), {
      cart: 'changed',
    });
  }
  if (current.lines.length === 0) throw new AppError('invalid', 'Το καλάθι είναι άδειο.');
  if (!canCheckout(current.subtotalCents)) throw new AppError('invalid', MIN_ORDER_MESSAGE);

  // Take the stock line by line with a conditional update: it cannot go below zero, and a buyer
  // who lost the race for the last card gets a clear answer while the whole order rolls back.
  for (const line of current.lines) {
    if (line.merchandise.available === null) continue;
    const variantId = Number(line.merchandise.id.split('/').pop());
    const taken = await trx
      .updateTable('inventory_levels')
      .set((eb) => ({ available: eb('available', '-', line.quantity) }))
      .where(
        'inventory_item_id',
        '=',
        trx.selectFrom('inventory_items').select('id').where('variant_id', '=', variantId),
      )
      .where('location_id', '=', shopLocation(trx))
      .where('available', '>=', line.quantity)
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) {
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
  const shippingCents = input.delivery.method === 'courier' ? input.shippingCents : 0;
  const inserted = await trx
    .insertInto('orders')
    .values({
      number: `pending-${randomBytes(8).toString('hex')}`,
      cart_id: input.cartId,
      idempotency_key: input.idempotencyKey,
      access_token: randomBytes(24).toString('base64url'),
      status: 'pending',
      customer_name: input.customer.name,
      email: input.customer.email,
      phone: input.customer.phone,
      delivery_json: JSON.stringify(input.delivery),
      payment_method: input.payment,
      notes: input.notes,
      subtotal_cents: current.subtotalCents,
      shipping_cents: shippingCents,
      total_cents: current.subtotalCents + shippingCents,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('orders')
    .set({ number: orderNumber(inserted.id) })
    .where('id', '=', inserted.id)
    .execute();
  await trx
    .insertInto('order_lines')
    .values(
      current.lines.map((line) => ({
        order_id: inserted.id,
        variant_id: Number(line.merchandise.id.split('/').pop()),
        product_title: line.merchandise.title,
        unit_price_cents: line.merchandise.priceCents,
        quantity: line.quantity,
      })),
    )
    .execute();
  await trx
    .updateTable('carts')
    .set({ closed_at: now, updated_at: now })
    .where('id', '=', input.cartId)
    .execute();
  const row = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', inserted.id)
    .executeTakeFirstOrThrow();
  return toOrder(trx, row);
}

/** The location sales take stock from: the shop's first (the engine has one). */
const shopLocation = (trx: Transaction<DB>) =>
  trx.selectFrom('locations').select('id').orderBy('id').limit(1);

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
      .where('location_id', '=', shopLocation(trx))
      .execute();
  }
}

/** CV-100042: short enough to read out on the phone. */
export const orderNumber = (id: number) => `CV-${100_000 + id}`;

async function toOrder(db: Kysely<DB> | Transaction<DB>, row: OrderRow): Promise<Order> {
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', row.id)
    .orderBy('id')
    .execute();
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
