import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEngine } from '../../src/adapters/sqlite/database.ts';

/**
 * A fresh data folder whose `shop.db` already holds every migration: a copy of one database
 * migrated once per module cache (a test process in the quick project, a test file in the
 * processes project), as the PostgreSQL tests copy a migrated template (tests/setup/postgres.ts).
 * Most tests open a shop of their own, and migrating each from nothing cost more CPU than many
 * of those tests. Tests of the migrations open an empty folder.
 */
export function migratedDataDir(prefix: string): string {
  template ??= migratedDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(dir, 'shop.db'), template);
  return dir;
}

let template: Buffer | null = null;

function migratedDatabase(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-template-'));
  try {
    const engine = openEngine(dir);
    try {
      return engine.sqlite.serialize();
    } finally {
      engine.sqlite.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
