import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * The shop's own database, SQLite or PostgreSQL, as the adapters that run on both see it
 * (decision 093): Kysely over the same tables, and write transactions run the way each database
 * needs them (SQLite: holding its one write lock (the write queue), again when busy; PostgreSQL:
 * again after a deadlock or a serialization failure).
 */
export type ShopDatabase = {
  readonly dialect: 'sqlite' | 'postgres';
  readonly db: Kysely<DB>;
  /** Runs `run` in one write transaction, from the start again when the database asks for it. */
  transaction<T>(run: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
};
