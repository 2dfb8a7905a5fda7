/**
 * The dashboard's customers (decision 086) group the orders by email, case ignored, and sum their
 * totals by status. This index covers that: one walk in email order, no table read, no sort for
 * the grouping. It starts as migration 017's orders_by_email did (email COLLATE NOCASE, id), so it
 * also finds one shopper's orders newest first, and replaces it: one index more on the order
 * insert, not two.
 */
export const up = [
  'CREATE INDEX orders_by_customer ON orders (email COLLATE NOCASE, id, status, total_cents)',
  'DROP INDEX IF EXISTS orders_by_email',
];
