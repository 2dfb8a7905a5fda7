import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localContentVersion } from '../../../src/adapters/database/content-version.ts';
import type { ShopDatabase } from '../../../src/adapters/database/shop-database.ts';
import type { PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import type { Engine } from '../../../src/adapters/sqlite/database.ts';
import {
  DATABASES,
  postgresTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
} from '../../helpers/databases.ts';

const bumpStock = (on: ShopDatabase) =>
  sql`UPDATE counters SET value = value + 1 WHERE name = 'stock'`.execute(on.db);

for (const [name, openDatabase] of DATABASES)
  describe(`the content version: ${name}`, () => {
    let database: TestDatabase<Engine | PostgresEngine>;
    beforeEach(async () => {
      database = await openDatabase();
    });
    afterEach(async () => {
      await database.close();
    });

    it('is every counter by name, in one string', async () => {
      await sql`UPDATE counters SET value = length(name)`.execute(database.store.db);
      expect(await localContentVersion(database.store)()).toBe(
        'catalog=7,documents=9,rebuild=7,settings=8,stock=5',
      );
    });

    it('moves with a change committed on its own connection or on another one', async () => {
      const version = localContentVersion(database.store);
      const first = await version();
      await bumpStock(database.store);
      const second = await version();
      expect(second).not.toBe(first);
      await bumpStock(await database.another());
      expect(await version()).not.toBe(second);
    });
  });

describe('the content version: SQLite, with a transaction open on its connection', () => {
  let database: TestDatabase<Engine>;
  let engine: Engine;
  beforeEach(async () => {
    database = await sqliteTestDatabase();
    engine = database.store;
  });
  afterEach(async () => {
    await database.close();
  });

  it.each([
    ['committed', 'commit', true],
    ['rolled back', 'rollback', false],
  ] as const)('waits for it to end, and shows it only when %s', async (_, outcome, moves) => {
    const version = localContentVersion(engine);
    const before = await version();
    const change = openStockChange(engine);
    await vi.waitFor(() => expect(engine.sqlite.inTransaction).toBe(true));

    let settled = false;
    const during = version().finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    await change.end(outcome);
    expect((await during) !== before).toBe(moves);
  });
});

describe('the content version: PostgreSQL, with a transaction open on another connection', () => {
  let database: TestDatabase<PostgresEngine>;
  beforeEach(async () => {
    database = await postgresTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  it.each([
    ['committed', 'commit', true],
    ['rolled back', 'rollback', false],
  ] as const)('answers at once without it, and shows it only once %s', async (_, outcome, moves) => {
    const version = localContentVersion(database.store);
    const before = await version();
    const change = openStockChange(database.store);
    await change.open;
    expect(await version()).toBe(before);
    await change.end(outcome);
    expect((await version()) !== before).toBe(moves);
  });
});

class RolledBack extends Error {}

/** A transaction that moves the stock counter and stays open until `end`. */
function openStockChange(on: ShopDatabase): {
  open: Promise<void>;
  end: (outcome: 'commit' | 'rollback') => Promise<void>;
} {
  let opened: () => void = () => undefined;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  let decide: (outcome: 'commit' | 'rollback') => void = () => undefined;
  const decided = new Promise<'commit' | 'rollback'>((resolve) => {
    decide = resolve;
  });
  const done = on.db
    .transaction()
    .execute(async (trx) => {
      await sql`UPDATE counters SET value = value + 1 WHERE name = 'stock'`.execute(trx);
      opened();
      if ((await decided) === 'rollback') throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return {
    open,
    end: async (outcome) => {
      decide(outcome);
      await done;
    },
  };
}

describe('the counters on PostgreSQL, moved by triggers', () => {
  let database: TestDatabase<PostgresEngine>;
  beforeEach(async () => {
    database = await postgresTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  const documents = async (client: { query: (text: string) => Promise<{ rows: { value: number }[] }> }) =>
    Number((await client.query("SELECT value FROM counters WHERE name = 'documents'")).rows[0]?.value);
  const category = (id: string) =>
    `INSERT INTO categories (id, name, teams_json, updated_at) VALUES ('${id}', '${id}', '[]', now())`;

  // Migration 018: a version, not a count; per row, an import's one transaction wrote a new
  // version of the 'catalog' row for every product, variant, tag and picture.
  it('move once per transaction, however many rows it writes, and again in the next', async () => {
    const client = await database.store.pool.connect();
    try {
      const before = await documents(client);
      await client.query('BEGIN');
      for (const id of ['nba', 'nfl', 'mlb']) await client.query(category(id));
      await client.query('COMMIT');
      expect(await documents(client)).toBe(before + 1);
      await client.query(category('nhl'));
      expect(await documents(client)).toBe(before + 2);
    } finally {
      client.release();
    }
  });

  it('move again, once, after a savepoint that moved them was rolled back', async () => {
    const client = await database.store.pool.connect();
    try {
      const before = await documents(client);
      await client.query('BEGIN');
      await client.query('SAVEPOINT first');
      await client.query(category('nba'));
      await client.query('ROLLBACK TO SAVEPOINT first');
      await client.query(category('nfl'));
      await client.query(category('nhl'));
      await client.query('COMMIT');
      expect(await documents(client)).toBe(before + 1);
    } finally {
      client.release();
    }
  });
});
