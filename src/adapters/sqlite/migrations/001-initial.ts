/**
 * The whole local engine model. Money is integer cents; ids are INTEGER keys that the
 * adapters present as path-like global ids (gid://shop/Product/42).
 */
export const up = [
  // Catalogue --------------------------------------------------------------------------
  `CREATE TABLE products (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 250),
     description_html TEXT NOT NULL DEFAULT '',
     description_text TEXT NOT NULL DEFAULT '',
     product_type TEXT NOT NULL DEFAULT '',
     search_text TEXT NOT NULL DEFAULT '',
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
  `CREATE TABLE product_tags (
     product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
     position INTEGER NOT NULL,
     tag TEXT NOT NULL,
     tag_key TEXT NOT NULL,
     PRIMARY KEY (product_id, position)
   ) WITHOUT ROWID`,
  'CREATE INDEX product_tags_by_key ON product_tags (tag_key, product_id)',
  `CREATE TABLE variants (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
     position INTEGER NOT NULL DEFAULT 0,
     price_cents INTEGER CHECK (price_cents IS NULL OR price_cents >= 0),
     inventory_policy TEXT NOT NULL DEFAULT 'DENY' CHECK (inventory_policy IN ('DENY', 'CONTINUE')),
     UNIQUE (product_id, position)
   )`,
  `CREATE TABLE inventory_items (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     variant_id INTEGER NOT NULL UNIQUE REFERENCES variants(id) ON DELETE CASCADE,
     tracked INTEGER NOT NULL DEFAULT 1 CHECK (tracked IN (0, 1))
   )`,
  `CREATE TABLE locations (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL
   )`,
  `INSERT INTO locations (name) VALUES ('Κατάστημα')`,
  `CREATE TABLE inventory_levels (
     inventory_item_id INTEGER NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
     location_id INTEGER NOT NULL REFERENCES locations(id),
     available INTEGER NOT NULL CHECK (available >= 0),
     PRIMARY KEY (inventory_item_id, location_id)
   ) WITHOUT ROWID`,
  `CREATE TABLE media (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     file_name TEXT NOT NULL UNIQUE,
     content_type TEXT NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     byte_size INTEGER NOT NULL,
     created_at TEXT NOT NULL
   )`,
  `CREATE TABLE product_media (
     product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
     position INTEGER NOT NULL,
     media_id INTEGER NOT NULL REFERENCES media(id),
     alt TEXT NOT NULL DEFAULT '',
     PRIMARY KEY (product_id, position)
   ) WITHOUT ROWID`,

  // Carts and orders -------------------------------------------------------------------
  `CREATE TABLE carts (
     id TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     closed_at TEXT
   )`,
  `CREATE TABLE cart_lines (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
     variant_id INTEGER NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
     quantity INTEGER NOT NULL CHECK (quantity > 0),
     created_at TEXT NOT NULL,
     UNIQUE (cart_id, variant_id)
   )`,
  `CREATE TABLE orders (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     number TEXT NOT NULL UNIQUE,
     cart_id TEXT,
     idempotency_key TEXT NOT NULL UNIQUE,
     status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'cancelled')),
     customer_name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     delivery_json TEXT NOT NULL,
     payment_method TEXT NOT NULL,
     subtotal_cents INTEGER NOT NULL,
     shipping_cents INTEGER NOT NULL,
     total_cents INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
  `CREATE TABLE order_lines (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
     variant_id INTEGER REFERENCES variants(id) ON DELETE SET NULL,
     product_title TEXT NOT NULL,
     unit_price_cents INTEGER NOT NULL,
     quantity INTEGER NOT NULL CHECK (quantity > 0)
   )`,

  // Documents: categories in the spec's shape ------------------------------------------
  `CREATE TABLE categories (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     teams_json TEXT NOT NULL CHECK (json_valid(teams_json)),
     revision INTEGER NOT NULL DEFAULT 1,
     updated_at TEXT NOT NULL
   )`,

  // Admin, sessions, throttling ----------------------------------------------------------
  `CREATE TABLE admin_users (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     password_hash TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
  `CREATE TABLE sessions (
     token_hash TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   )`,
  `CREATE TABLE login_attempts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     email TEXT NOT NULL COLLATE NOCASE,
     ip TEXT NOT NULL,
     succeeded INTEGER NOT NULL CHECK (succeeded IN (0, 1)),
     created_at TEXT NOT NULL
   )`,
  'CREATE INDEX login_attempts_by_email ON login_attempts (email, created_at)',
  'CREATE INDEX login_attempts_by_ip ON login_attempts (ip, created_at)',

  // Mail ---------------------------------------------------------------------------------
  `CREATE TABLE contact_messages (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     message TEXT NOT NULL,
     ip TEXT NOT NULL DEFAULT '',
     read_at TEXT,
     created_at TEXT NOT NULL
   )`,
  `CREATE TABLE mail_outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL,
     to_address TEXT NOT NULL,
     reply_to TEXT,
     subject TEXT NOT NULL,
     text_body TEXT NOT NULL,
     html_body TEXT,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     next_attempt_at TEXT NOT NULL,
     created_at TEXT NOT NULL,
     delivered_at TEXT
   )`,
  'CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at)',

  // Storefront build state -----------------------------------------------------------------
  // Counters grow on every change; triggers below make sure no writer can forget to bump them.
  `CREATE TABLE counters (
     name TEXT PRIMARY KEY,
     value INTEGER NOT NULL
   ) WITHOUT ROWID`,
  `INSERT INTO counters (name, value) VALUES ('catalog', 0), ('documents', 0), ('rebuild', 0)`,
  `CREATE TABLE storefront_builds (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     status TEXT NOT NULL CHECK (status IN ('building', 'succeeded', 'failed')),
     content_version INTEGER NOT NULL,
     output_dir TEXT,
     pid INTEGER NOT NULL,
     progress TEXT NOT NULL DEFAULT '',
     error TEXT,
     started_at TEXT NOT NULL,
     finished_at TEXT
   )`,
  ...['products', 'product_tags', 'variants', 'product_media'].flatMap((table) =>
    ['INSERT', 'UPDATE', 'DELETE'].map(
      (event) =>
        `CREATE TRIGGER ${table}_${event.toLowerCase()}_bumps_catalog AFTER ${event} ON ${table}
         BEGIN UPDATE counters SET value = value + 1 WHERE name = 'catalog'; END`,
    ),
  ),
  ...['INSERT', 'UPDATE', 'DELETE'].map(
    (event) =>
      `CREATE TRIGGER categories_${event.toLowerCase()}_bumps_documents AFTER ${event} ON categories
       BEGIN UPDATE counters SET value = value + 1 WHERE name = 'documents'; END`,
  ),
];
