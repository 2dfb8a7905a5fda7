import fs from 'node:fs';
import type { Engine } from '../../src/adapters/sqlite/database.ts';
import { type Container, createContainer } from '../../src/server/container.ts';
import { parseEnv } from '../../src/server/env.ts';
import { migratedDataDir } from './sqlite-template.ts';

/**
 * A shop on a fresh data folder in the system temp dir, on SQLite; `engine` is its SQLite engine,
 * for tests that look at the rows themselves. `remove()` closes it and deletes the folder.
 */
export type TempShop = { dir: string; container: Container; engine: Engine; remove(): void };

/** `env` adds settings, for example COMMERCE_BACKEND=shopify with a double's address and tokens. */
export function openTempShop(env: Record<string, string> = {}): TempShop {
  const dir = migratedDataDir('cardshop-test-');
  const container = createContainer(parseEnv({ ...env, DATA_DIR: dir }));
  return {
    dir,
    container,
    get engine() {
      return sqliteEngine(this.container);
    },
    remove() {
      container.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The container's SQLite engine; a test that reads SQLite's rows has no use for a PostgreSQL shop. */
export function sqliteEngine(container: Container): Engine {
  if (!container.engine) throw new Error('This test reads SQLite directly: the shop is on PostgreSQL.');
  return container.engine;
}

/** Row count of a table, read straight from SQLite. */
export function countRows(container: Container, table: string): number {
  const row = sqliteEngine(container).sqlite.prepare(`select count(*) as n from ${table}`).get() as {
    n: number;
  };
  return row.n;
}
