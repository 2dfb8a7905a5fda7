import type Database from 'better-sqlite3';
import { handleize, uniqueHandle } from '../../../domain/catalog/handle.ts';

/**
 * Every product gets a handle (its unique URL-friendly name, as on Shopify), which the CSV import
 * matches products by (decision 053). Existing products get one from their title, oldest first,
 * with -2, -3 ... where titles repeat.
 */
export const up = ['ALTER TABLE products ADD COLUMN handle TEXT'];

export function backfill(sqlite: Database.Database): void {
  const rows = sqlite.prepare('SELECT id, title FROM products ORDER BY id').all() as Array<{
    id: number;
    title: string;
  }>;
  const taken = new Set<string>();
  const update = sqlite.prepare('UPDATE products SET handle = ? WHERE id = ?');
  for (const row of rows) {
    const handle = uniqueHandle(handleize(row.title), (candidate) => taken.has(candidate));
    taken.add(handle);
    update.run(handle, row.id);
  }
  sqlite.exec('CREATE UNIQUE INDEX products_by_handle ON products (handle)');
}
