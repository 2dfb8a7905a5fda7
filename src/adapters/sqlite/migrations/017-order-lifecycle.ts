import type Database from 'better-sqlite3';

/**
 * The order lifecycle (decision 082): two more statuses (ready for pickup, collected), which the
 * status check of `orders` must take, so the table is rebuilt (SQLite cannot alter a check; the
 * migration runs with foreign keys off, as SQLite's own procedure has it, and checks them before it
 * commits). Each status change is an event with its parcel or reason, the mail that told the
 * shopper, and when it was undone. Indexes for the dashboard's search and the shopper's other orders.
 */
const COLUMNS = `id, number, cart_id, idempotency_key, status, customer_name, email, phone, delivery_json,
  payment_method, subtotal_cents, shipping_cents, total_cents, created_at, updated_at, access_token, notes`;

export const up = [
  `CREATE TABLE orders_next (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     number TEXT NOT NULL UNIQUE,
     cart_id TEXT,
     idempotency_key TEXT NOT NULL UNIQUE,
     status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'ready_for_pickup', 'collected', 'cancelled')),
     customer_name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     delivery_json TEXT NOT NULL,
     payment_method TEXT NOT NULL,
     subtotal_cents INTEGER NOT NULL,
     shipping_cents INTEGER NOT NULL,
     total_cents INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     access_token TEXT NOT NULL DEFAULT '',
     notes TEXT NOT NULL DEFAULT ''
   )`,
  `INSERT INTO orders_next (${COLUMNS}) SELECT ${COLUMNS} FROM orders`,
  'DROP TABLE orders',
  'ALTER TABLE orders_next RENAME TO orders',
  "CREATE UNIQUE INDEX orders_by_access_token ON orders (access_token) WHERE access_token <> ''",
  'CREATE INDEX orders_by_status ON orders (status, id)',
  'CREATE INDEX orders_by_email ON orders (email COLLATE NOCASE, id)',
  `CREATE TABLE order_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
     status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'ready_for_pickup', 'collected', 'cancelled')),
     shipment_json TEXT CHECK (shipment_json IS NULL OR json_valid(shipment_json)),
     reason TEXT NOT NULL DEFAULT '',
     mail_id INTEGER REFERENCES mail_outbox(id) ON DELETE SET NULL,
     created_at TEXT NOT NULL,
     undone_at TEXT
   )`,
  'CREATE INDEX order_events_by_order ON order_events (order_id, id)',
];

/** Every order so far: placed, then (when it moved) its status now, as its last change. */
export function backfill(sqlite: Database.Database): void {
  sqlite.exec(`INSERT INTO order_events (order_id, status, created_at)
    SELECT id, 'pending', created_at FROM orders ORDER BY id`);
  sqlite.exec(`INSERT INTO order_events (order_id, status, created_at)
    SELECT id, status, updated_at FROM orders WHERE status <> 'pending' ORDER BY id`);
}
