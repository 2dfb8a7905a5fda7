import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BACKSTOP_CHECKPOINT_PAGES,
  checkpointInBackground,
  leaveCheckpointsToBackground,
} from '../../../src/adapters/sqlite/checkpoints.ts';
import { type Engine, openEngine } from '../../../src/adapters/sqlite/database.ts';

/**
 * Decision 065: the storefront workers leave WAL checkpoints to the main process. These run two
 * engines on one data folder, as `npm start` does: a serving one and the main process's one.
 */
let dir: string;
const opened: Engine[] = [];
const open = () => {
  const engine = openEngine(dir);
  opened.push(engine);
  return engine;
};
const databaseBytes = () => fs.statSync(path.join(dir, 'shop.db')).size;
const walBytes = () => fs.statSync(path.join(dir, 'shop.db-wal')).size;

/** About 1,500 pages of writes in one transaction each: past SQLite's default of 1,000. */
function writePages(engine: Engine) {
  engine.sqlite.exec('CREATE TABLE IF NOT EXISTS filler (body BLOB NOT NULL)');
  const insert = engine.sqlite.prepare('INSERT INTO filler (body) VALUES (randomblob(3000))');
  for (let i = 0; i < 1_500; i += 1) insert.run();
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-checkpoints-'));
});

afterEach(() => {
  for (const engine of opened.splice(0)) engine.sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('checkpoints off the request path', () => {
  it('leaves a serving connection’s log uncopied until the backstop', () => {
    const serving = open();
    leaveCheckpointsToBackground(serving.sqlite);
    expect(serving.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_CHECKPOINT_PAGES);
    const before = databaseBytes();
    writePages(serving);
    // Past 1,000 pages a default connection would have copied them into the database file.
    expect(walBytes()).toBeGreaterThan(1_000 * 4096);
    expect(databaseBytes()).toBe(before);
  });

  it('copies the serving connections’ pages into the database file from the main process', async () => {
    const serving = open();
    leaveCheckpointsToBackground(serving.sqlite);
    const main = open();
    const errors: unknown[] = [];
    const stop = checkpointInBackground(main, (error) => errors.push(error), 20);
    try {
      const before = databaseBytes();
      writePages(serving);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(databaseBytes()).toBeGreaterThan(before + 1_000 * 4096);
      // Everything in the log was copied: a checkpoint now finds nothing left to do.
      const [state] = serving.sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{
        log: number;
        checkpointed: number;
      }>;
      expect(state?.checkpointed).toBe(state?.log);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });
});
