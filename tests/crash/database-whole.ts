import { sql } from 'kysely';
import { expect } from 'vitest';
import type { PostgresEngine } from '../../src/adapters/postgres/database.ts';
import type { Engine } from '../../src/adapters/sqlite/database.ts';

/**
 * What a crash could break in the database itself, beyond the orders' own figures the crash test
 * checks: on SQLite the file (its integrity check); on PostgreSQL, whose files the shop's crash
 * does not touch, what the killed process held there. On both, each order is whole, as the one
 * transaction that placed it wrote it (order-placement.ts): a write split in two would leave half.
 */
export async function expectDatabaseWhole(store: Engine | PostgresEngine, killedAt: string): Promise<void> {
  if (store.dialect === 'sqlite') expect(store.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  else await expectNothingLeftBehind(store, killedAt);
  await expectOrdersWhole(store);
}

/**
 * No session of the killed server is still open: each one's transaction is rolled back and its row
 * and advisory locks are released, or the restarted shop would wait on them (and its orders with
 * it). PostgreSQL ends a session when it sees its socket closed, so it may take a moment.
 */
async function expectNothingLeftBehind(store: PostgresEngine, killedAt: string): Promise<void> {
  const leftovers = async () => {
    const { rows } = await sql<{ pid: number; state: string | null; query: string }>`
      SELECT pid, state, query FROM pg_stat_activity
      WHERE datname = current_database() AND backend_start < ${killedAt}::timestamptz`.execute(store.db);
    return rows;
  };
  await expect.poll(leftovers, { timeout: 10_000 }).toEqual([]);
}

/** Every order has its lines (adding up to its subtotal), its placed event with its mail, and a closed cart. */
async function expectOrdersWhole(store: Engine | PostgresEngine): Promise<void> {
  const orders = await store.db
    .selectFrom('orders')
    .select(['id', 'number', 'cart_id', 'subtotal_cents'])
    .execute();
  const lines = await store.db
    .selectFrom('order_lines')
    .select(['order_id', 'unit_price_cents', 'quantity'])
    .execute();
  const placed = await store.db
    .selectFrom('order_events')
    .leftJoin('mail_outbox', 'mail_outbox.id', 'order_events.mail_id')
    .select(['order_events.order_id', 'mail_outbox.kind'])
    .where('order_events.status', '=', 'pending')
    .execute();
  const closedCarts = new Set(
    (await store.db.selectFrom('carts').select('id').where('closed_at', 'is not', null).execute()).map(
      (cart) => cart.id,
    ),
  );
  for (const order of orders) {
    const its = lines.filter((line) => line.order_id === order.id);
    expect(its.length, order.number).toBeGreaterThan(0);
    expect(
      its.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0),
      order.number,
    ).toBe(order.subtotal_cents);
    expect(
      placed.filter((event) => event.order_id === order.id).map((event) => event.kind),
      order.number,
    ).toEqual(['order-confirmation']);
    expect(closedCarts.has(order.cart_id ?? ''), order.number).toBe(true);
  }
}
