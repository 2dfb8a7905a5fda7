import Database from 'better-sqlite3';
import { copyFromSqlite } from '../../src/adapters/postgres/copy-from-sqlite.ts';
import { connectPostgres, openPostgres, type PostgresEngine } from '../../src/adapters/postgres/database.ts';
import { type Engine, openEngine } from '../../src/adapters/sqlite/database.ts';
import { createTestDatabase } from './postgres.ts';

/**
 * The database a real server (shop-server.ts) runs on, for a test that reads what it wrote: SQLite
 * in the server's data folder, or a PostgreSQL database of its own on the run's server holding the
 * same data. Both start from the data folder's shop (prepareDataDir), so the build it serves is
 * current on either.
 */
export type ServerDatabase = {
  /** What to add to the server's environment, and to a container's, to use this database. */
  env: Record<string, string>;
  /** A connection of the test's own, to read the rows the servers wrote; closed by close(). */
  read(): Promise<Engine | PostgresEngine>;
  close(): Promise<void>;
};

/** The data folder's own shop.db, as `npm start` uses it. */
export async function sqliteServerDatabase(dataDir: string): Promise<ServerDatabase> {
  const readers: Engine[] = [];
  return {
    env: {},
    read: async () => {
      const engine = openEngine(dataDir);
      readers.push(engine);
      return engine;
    },
    close: async () => {
      for (const engine of readers) engine.sqlite.close();
    },
  };
}

/** A fresh database on the run's PostgreSQL server, with the data folder's shop.db copied into it. */
export async function postgresServerDatabase(dataDir: string): Promise<ServerDatabase> {
  const database = await createTestDatabase();
  const target = await openPostgres(database.url);
  const sqlite = new Database(`${dataDir}/shop.db`, { readonly: true });
  try {
    await copyFromSqlite(sqlite, target.pool);
  } finally {
    sqlite.close();
    await target.close();
  }
  const readers: PostgresEngine[] = [];
  return {
    env: { DATABASE_URL: database.url },
    read: async () => {
      const engine = connectPostgres(database.url);
      readers.push(engine);
      return engine;
    },
    close: async () => {
      await Promise.all(readers.map((engine) => engine.close()));
      await database.drop();
    },
  };
}

/** Both, or SQLite alone in `npm test -- quick` (TEST_DATABASES=sqlite, tests/helpers/databases.ts). */
export const SERVER_DATABASES: ReadonlyArray<
  readonly [string, (dataDir: string) => Promise<ServerDatabase>]
> =
  process.env.TEST_DATABASES === 'sqlite'
    ? [['SQLite', sqliteServerDatabase]]
    : [
        ['SQLite', sqliteServerDatabase],
        ['PostgreSQL', postgresServerDatabase],
      ];
