/**
 * "Notify me when back in stock" (decision 087): one row per address and product (UNIQUE, so
 * asking twice is one subscription), pending until its mailed link confirms it, confirmed while
 * it waits, notified once its one mail is queued. Both links' tokens are kept only as SHA-256
 * hashes, like the password reset links of migration 018. Product ids are the commerce port's
 * (a Shopify product's too), so there is no foreign key: a deleted product's subscriptions are
 * dropped by the restock pass.
 */
export const up = [
  `CREATE TABLE stock_alerts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     product_id TEXT NOT NULL CHECK (length(product_id) BETWEEN 1 AND 200),
     email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
     status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'notified')),
     confirm_token_hash TEXT NOT NULL UNIQUE,
     unsubscribe_token_hash TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL,
     requested_at TEXT NOT NULL,
     confirmed_at TEXT,
     notified_at TEXT,
     UNIQUE (email, product_id)
   )`,
  // The restock pass and the dashboard's counts read the waiting subscriptions by product.
  'CREATE INDEX stock_alerts_by_status ON stock_alerts (status, product_id)',
  'CREATE INDEX stock_alerts_by_age ON stock_alerts (created_at)',
];
