import { sql } from 'kysely';
import type { ShopDatabase } from './shop-database.ts';

/**
 * Runs `run` while no other process of any instance runs work of the same `name`: instances that
 * start together on an empty PostgreSQL database must not each seed the demo shop or each make
 * the first admin a password of its own. A session advisory lock, held on a connection of the
 * pool for the while; `run` uses the others. A SQLite shop is one machine's one `npm start`, so
 * there it simply runs.
 */
export async function exclusively<T>(store: ShopDatabase, name: string, run: () => Promise<T>): Promise<T> {
  if (store.dialect === 'sqlite') return run();
  return store.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext('cardshop'), hashtext(${name}))`.execute(connection);
    try {
      return await run();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('cardshop'), hashtext(${name}))`.execute(connection);
    }
  });
}
