import type Database from 'better-sqlite3';
import { foldText } from '../../../domain/text/fold.ts';

/** A folded title for name sorting (Greek and Latin, no accents), filled in for existing rows. */
export const up = [
  "ALTER TABLE products ADD COLUMN title_key TEXT NOT NULL DEFAULT ''",
  'CREATE INDEX products_by_title_key ON products (title_key)',
  'CREATE INDEX variants_by_price ON variants (price_cents)',
];

export function backfill(sqlite: Database.Database): void {
  const rows = sqlite.prepare('SELECT id, title FROM products').all() as Array<{ id: number; title: string }>;
  const update = sqlite.prepare('UPDATE products SET title_key = ? WHERE id = ?');
  for (const row of rows) update.run(foldText(row.title), row.id);
}
