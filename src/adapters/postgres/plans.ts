import { sql, type Transaction } from 'kysely';
import type { DB } from '../database/schema.ts';

/**
 * Makes this connection plan its statements again, against the tables as they are now (decision
 * 110). A connection keeps the plans of its foreign-key checks, its triggers' statements and its
 * named statements; made while a table was small, they scan it whole, and each later write into it
 * grows dearer with its size until autovacuum next analyses the table. A catalogue import is one
 * transaction, which autovacuum cannot see until it commits, so it asks here at its start and
 * every WRITES_PER_LOOK products. Plans only: prepared statements and the transaction stay.
 */
export async function planAgain(trx: Transaction<DB>): Promise<void> {
  await sql`DISCARD PLANS`.execute(trx);
}
