import { sql, type Transaction } from 'kysely';

/**
 * Waits for PostgreSQL's transaction-level advisory lock on `scope` and `key`, held until `trx`
 * commits or rolls back: transactions that lock the same pair, from any instance, run one after
 * another, so a count they read and the row they add go together (decision 093).
 */
export async function lockKey<DB>(trx: Transaction<DB>, scope: string, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`.execute(trx);
}
