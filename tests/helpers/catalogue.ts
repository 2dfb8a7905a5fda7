import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createLocalCommerce } from '../../src/adapters/commerce-local/index.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { createLocalMedia } from '../../src/adapters/media-local/index.ts';
import type { CommercePort } from '../../src/ports/commerce.ts';
import type { MediaPort } from '../../src/ports/media.ts';
import type { TestDatabase } from './databases.ts';

/**
 * The embedded engine's catalogue and media on one test database, built as the container builds
 * them: the rows in the database (SQLite or PostgreSQL), the image files in a data folder of their
 * own on disk.
 */
export type TestCatalogue = {
  store: ShopDatabase;
  commerce: CommercePort;
  media: MediaPort;
  /** The data folder the media adapter keeps its files in (<dataDir>/media). */
  dataDir: string;
  /** Rows in a table of the shop's own. */
  count(table: string): Promise<number>;
  close(): Promise<void>;
};

export async function openTestCatalogue(open: () => Promise<TestDatabase>): Promise<TestCatalogue> {
  const database = await open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-media-'));
  const { store } = database;
  return {
    store,
    commerce: createLocalCommerce(store),
    media: createLocalMedia({ db: store.db, dataDir }),
    dataDir,
    async count(table) {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
        store.db,
      );
      return Number(rows[0]?.n);
    },
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
