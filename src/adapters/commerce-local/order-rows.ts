import type { Kysely, Selectable, Transaction } from 'kysely';
import type { MailStatus } from '../../domain/mail/outgoing-mail.ts';
import type { Shipment } from '../../domain/orders/carriers.ts';
import {
  type Delivery,
  ORDER_STATUSES,
  type Order,
  type OrderEvent,
  type OrderStatus,
} from '../../domain/orders/order.ts';
import type { DB } from '../database/schema.ts';
import { toGid } from '../sqlite/ids.ts';

/** An order's rows as both databases give them, and the order the port answers from them. */

export type OrderRow = Selectable<DB['orders']>;
export type OrderLineRow = Selectable<DB['order_lines']>;

/** An order's event, with the state of its mail while the outbox has it. */
export type EventRow = {
  id: number;
  status: OrderStatus;
  shipment_json: string | null;
  reason: string;
  mail_id: number | null;
  created_at: string;
  undone_at: string | null;
  mail_status: MailStatus | null;
};

/** CV-100042: short enough to read out on the phone. */
export const orderNumber = (id: number) => `CV-${100_000 + id}`;

/** An order read whole through Kysely, on either database, in a transaction or not. */
export async function toOrder(db: Kysely<DB> | Transaction<DB>, row: OrderRow): Promise<Order> {
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
export async function statusCounts(db: Kysely<DB>): Promise<Record<OrderStatus, number>> {
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
export function orderOf(
  row: OrderRow,
  lines: ReadonlyArray<Omit<OrderLineRow, 'id'>>,
  events: readonly EventRow[],
): Order {
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
