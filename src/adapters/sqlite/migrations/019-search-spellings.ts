import type Database from 'better-sqlite3';
import { foldText } from '../../../domain/text/fold.ts';
import { nameKeys } from '../../../domain/text/spelling.ts';

/**
 * Search that forgives spelling (decision 084):
 * - `products.name_text`: the folded title and tags, what the dashboard's list searches (spec 11:
 *   title or team, not the description);
 * - `search_words`: each product's name keys (src/domain/text/spelling.ts), found by prefix
 *   through the primary key, so «Ολυμπιακός» reaches products tagged "Olympiacos";
 * - `search_vocabulary`: the distinct keys by length, kept by triggers, where a word with a typo
 *   looks for its neighbours.
 */
export const up = [
  "ALTER TABLE products ADD COLUMN name_text TEXT NOT NULL DEFAULT ''",
  `CREATE TABLE search_words (
     word TEXT NOT NULL,
     product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
     PRIMARY KEY (word, product_id)
   ) WITHOUT ROWID`,
  'CREATE INDEX search_words_by_product ON search_words (product_id)',
  `CREATE TABLE search_vocabulary (
     word TEXT PRIMARY KEY,
     letters INTEGER NOT NULL
   ) WITHOUT ROWID`,
  'CREATE INDEX search_vocabulary_by_length ON search_vocabulary (letters)',
  `CREATE TRIGGER search_words_insert_adds_vocabulary AFTER INSERT ON search_words
   BEGIN INSERT OR IGNORE INTO search_vocabulary (word, letters) VALUES (NEW.word, length(NEW.word)); END`,
  `CREATE TRIGGER search_words_delete_drops_vocabulary AFTER DELETE ON search_words
   WHEN NOT EXISTS (SELECT 1 FROM search_words WHERE word = OLD.word)
   BEGIN DELETE FROM search_vocabulary WHERE word = OLD.word; END`,
];

export function backfill(sqlite: Database.Database): void {
  const products = sqlite.prepare('SELECT id, title FROM products').all() as Array<{
    id: number;
    title: string;
  }>;
  const tagsOf = sqlite
    .prepare('SELECT tag FROM product_tags WHERE product_id = ? ORDER BY position')
    .pluck();
  const setNames = sqlite.prepare('UPDATE products SET name_text = ? WHERE id = ?');
  const addWord = sqlite.prepare('INSERT OR IGNORE INTO search_words (word, product_id) VALUES (?, ?)');
  for (const product of products) {
    const names = [product.title, ...(tagsOf.all(product.id) as string[])];
    setNames.run(foldText(names.join('\n')), product.id);
    for (const word of nameKeys(names)) addWord.run(word, product.id);
  }
}
