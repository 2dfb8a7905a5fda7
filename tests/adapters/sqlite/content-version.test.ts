import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localContentVersion } from '../../../src/adapters/sqlite/content-version.ts';
import { type Engine, openEngine } from '../../../src/adapters/sqlite/database.ts';

let dir: string;
let engine: Engine;
let other: Engine;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-stamp-'));
  engine = openEngine(dir);
  other = openEngine(dir);
});

afterEach(async () => {
  await engine.db.destroy();
  await other.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bumpStock = (on: Engine) =>
  sql`UPDATE counters SET value = value + 1 WHERE name = 'stock'`.execute(on.db);

describe('the content version', () => {
  it('moves with a change committed on its own connection or on another one', async () => {
    const stamp = localContentVersion(engine);
    const first = await stamp();
    await bumpStock(engine);
    const second = await stamp();
    expect(second).not.toBe(first);
    await bumpStock(other);
    expect(await stamp()).not.toBe(second);
  });

  it.each([
    ['committed', 'commit', true],
    ['rolled back', 'rollback', false],
  ] as const)(
    'waits for a transaction of its own connection to end, and shows it only when %s',
    async (_, outcome, moves) => {
      const stamp = localContentVersion(engine);
      const before = await stamp();
      const change = openStockChange();
      await vi.waitFor(() => expect(engine.sqlite.inTransaction).toBe(true));

      let settled = false;
      const during = stamp().finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);

      await change.end(outcome);
      expect((await during) !== before).toBe(moves);
    },
  );
});

class RolledBack extends Error {}

/** A transaction on the engine's connection that moves the stock counter and stays open until `end`. */
function openStockChange(): { end: (outcome: 'commit' | 'rollback') => Promise<void> } {
  let decide: (outcome: 'commit' | 'rollback') => void = () => undefined;
  const decided = new Promise<'commit' | 'rollback'>((resolve) => {
    decide = resolve;
  });
  const done = engine.db
    .transaction()
    .execute(async (trx) => {
      await sql`UPDATE counters SET value = value + 1 WHERE name = 'stock'`.execute(trx);
      if ((await decided) === 'rollback') throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return {
    end: async (outcome) => {
      decide(outcome);
      await done;
    },
  };
}
