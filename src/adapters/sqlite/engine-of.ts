import type { ShopDatabase } from '../database/shop-database.ts';
import type { Engine } from './database.ts';

/**
 * The embedded engine when `store` is it, for the synchronous hot paths that stay SQLite's
 * (better-sqlite3, decision 093); null on PostgreSQL. Only openEngine makes a 'sqlite' store.
 */
export function sqliteEngineOf(store: ShopDatabase): Engine | null {
  return store.dialect === 'sqlite' ? (store as Engine) : null;
}
