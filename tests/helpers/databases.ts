import fs from 'node:fs';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { openPostgres, type PostgresEngine } from '../../src/adapters/postgres/database.ts';
import { type Engine, openEngine } from '../../src/adapters/sqlite/database.ts';
import { createTestDatabase } from './postgres.ts';
import { migratedDataDir } from './sqlite-template.ts';

/** One empty shop database for one test, and more connections to it, as other processes have. */
export type TestDatabase<T extends ShopDatabase = ShopDatabase> = {
  store: T;
  /** Another connection to the same database: another process, or another instance of the shop. */
  another(): Promise<T>;
  close(): Promise<void>;
};

/** The embedded engine on a fresh data folder. */
export async function sqliteTestDatabase(): Promise<TestDatabase<Engine>> {
  const dir = migratedDataDir('cardshop-db-');
  const opened: Engine[] = [openEngine(dir)];
  return {
    store: opened[0] as Engine,
    another: async () => {
      const engine = openEngine(dir);
      opened.push(engine);
      return engine;
    },
    close: async () => {
      for (const engine of opened) engine.sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database of its own on the test run's PostgreSQL server, migrated. */
export async function postgresTestDatabase(): Promise<TestDatabase<PostgresEngine>> {
  const database = await createTestDatabase();
  // A test may queue a thousand operations on one pool on a machine busy with other suites: a
  // wait for a connection is not an outage here, as it would be for a shop's request.
  const open = () => openPostgres(database.url, { connectTimeoutMs: 120_000 });
  const opened: PostgresEngine[] = [await open()];
  return {
    store: opened[0] as PostgresEngine,
    another: async () => {
      const engine = await open();
      opened.push(engine);
      return engine;
    },
    close: async () => {
      await Promise.all(opened.map((engine) => engine.close()));
      await database.drop();
    },
  };
}

/**
 * The databases a suite over the shop's own tables runs on: both, except in `npm test -- quick`
 * (TEST_DATABASES=sqlite, vitest.config.ts), where SQLite alone keeps the loop under 3 minutes.
 */
export const DATABASES: ReadonlyArray<
  readonly [string, () => Promise<TestDatabase<Engine>> | Promise<TestDatabase<PostgresEngine>>]
> =
  process.env.TEST_DATABASES === 'sqlite'
    ? [['SQLite', sqliteTestDatabase]]
    : [
        ['SQLite', sqliteTestDatabase],
        ['PostgreSQL', postgresTestDatabase],
      ];
