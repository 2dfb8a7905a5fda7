/**
 * Catalogue queries that stay fast at 100,000 products:
 * - the first variant's price is copied onto its product (kept by triggers), so price filters and
 *   price sorts read one table through one index instead of sorting a join;
 * - every sort has an index in its exact order (ties broken by newest first), so a page is read
 *   straight from the index, never sorted in a temporary B-tree;
 * - search words of 3 or more letters go through an FTS5 trigram index over the folded search text
 *   (substring matching, as LIKE '%word%' did, without scanning every row).
 */
export const up = [
  'ALTER TABLE products ADD COLUMN price_cents INTEGER',
  `UPDATE products SET price_cents =
     (SELECT price_cents FROM variants WHERE variants.product_id = products.id AND variants.position = 0)`,
  `CREATE TRIGGER variants_insert_sets_list_price AFTER INSERT ON variants WHEN NEW.position = 0
   BEGIN UPDATE products SET price_cents = NEW.price_cents WHERE id = NEW.product_id; END`,
  `CREATE TRIGGER variants_update_sets_list_price AFTER UPDATE OF price_cents, position ON variants
   WHEN NEW.position = 0
   BEGIN UPDATE products SET price_cents = NEW.price_cents WHERE id = NEW.product_id; END`,
  `CREATE TRIGGER variants_delete_clears_list_price AFTER DELETE ON variants WHEN OLD.position = 0
   BEGIN UPDATE products SET price_cents = NULL WHERE id = OLD.product_id; END`,

  // One index per sort, in the sort's own order; unpriced products last in both price orders.
  'CREATE INDEX products_by_price_asc ON products ((price_cents IS NULL), price_cents, id DESC)',
  'CREATE INDEX products_by_price_desc ON products ((price_cents IS NULL), price_cents DESC, id DESC)',
  'DROP INDEX products_by_title_key',
  'CREATE INDEX products_by_name ON products (title_key, id DESC)',
  'CREATE INDEX products_by_type ON products (product_type, id)',
  // Filters that pick ids elsewhere (tags, search) check price and sort keys here, never in the
  // wide product rows (descriptions make a row most of a page).
  'CREATE INDEX products_listing ON products (id, price_cents, title_key, product_type)',

  // Search: an external-content FTS5 table over products.search_text, kept by triggers.
  `CREATE VIRTUAL TABLE products_fts USING fts5(
     search_text, content = 'products', content_rowid = 'id', tokenize = 'trigram'
   )`,
  `CREATE TRIGGER products_insert_indexes_search AFTER INSERT ON products
   BEGIN INSERT INTO products_fts (rowid, search_text) VALUES (NEW.id, NEW.search_text); END`,
  `CREATE TRIGGER products_delete_unindexes_search AFTER DELETE ON products
   BEGIN INSERT INTO products_fts (products_fts, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text); END`,
  `CREATE TRIGGER products_update_reindexes_search AFTER UPDATE OF search_text ON products
   BEGIN
     INSERT INTO products_fts (products_fts, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
     INSERT INTO products_fts (rowid, search_text) VALUES (NEW.id, NEW.search_text);
   END`,
  "INSERT INTO products_fts (products_fts) VALUES ('rebuild')",
];
