import type pg from 'pg';
import { MIGRATIONS } from './migrations/index.ts';

/** The advisory lock's key: any number the shop alone uses ("cardshop" in ASCII, cut to 32 bits). */
const MIGRATION_LOCK = 0x63617264;

/**
 * Applies the migrations not yet applied, each in its own transaction with its row in
 * `migrations`. A session-level advisory lock is held meanwhile, so several instances starting at
 * once take turns: the first applies them, the others then find nothing left to do.
 */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL)',
      );
      const done = new Set(
        (await client.query<{ name: string }>('SELECT name FROM migrations')).rows.map((row) => row.name),
      );
      for (const migration of MIGRATIONS) {
        if (done.has(migration.name)) continue;
        await client.query('BEGIN');
        try {
          await client.query(migration.up);
          await client.query('INSERT INTO migrations (name, applied_at) VALUES ($1, now())', [
            migration.name,
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
        applied.push(migration.name);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
  return applied;
}
