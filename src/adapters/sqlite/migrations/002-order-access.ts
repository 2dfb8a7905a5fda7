/** Orders get a secret for their confirmation link; carts are found by age for expiry. */
export const up = [
  "ALTER TABLE orders ADD COLUMN access_token TEXT NOT NULL DEFAULT ''",
  "ALTER TABLE orders ADD COLUMN notes TEXT NOT NULL DEFAULT ''",
  "CREATE UNIQUE INDEX orders_by_access_token ON orders (access_token) WHERE access_token <> ''",
  'CREATE INDEX carts_by_age ON carts (updated_at)',
  'CREATE INDEX order_lines_by_order ON order_lines (order_id)',
];
