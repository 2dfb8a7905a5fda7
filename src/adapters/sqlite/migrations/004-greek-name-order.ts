import type Database from 'better-sqlite3';
import { nameSortKey } from '../../../domain/text/fold.ts';

/** Name sorting follows the Greek locale: Greek before Latin. Recomputes every title key. */
export const up: string[] = [];

export function backfill(sqlite: Database.Database): void {
  const rows = sqlite.prepare('SELECT id, title FROM products').all() as Array<{ id: number; title: string }>;
  const update = sqlite.prepare('UPDATE products SET title_key = ? WHERE id = ?');
  for (const row of rows) update.run(nameSortKey(row.title), row.id);
}
