import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Container, createContainer } from '../../src/server/container.ts';
import { parseEnv } from '../../src/server/env.ts';

/** A shop on a fresh data folder in the system temp dir; `remove()` closes it and deletes the folder. */
export type TempShop = { dir: string; container: Container; remove(): void };

/** `env` adds settings, for example COMMERCE_BACKEND=shopify with a double's address and tokens. */
export function openTempShop(env: Record<string, string> = {}): TempShop {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-test-'));
  const container = createContainer(parseEnv({ ...env, DATA_DIR: dir }));
  return {
    dir,
    container,
    remove() {
      container.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Row count of a table, read straight from SQLite. */
export function countRows(container: Container, table: string): number {
  const row = container.engine.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number };
  return row.n;
}
