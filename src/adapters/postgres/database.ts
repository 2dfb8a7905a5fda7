import { Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { DatabaseUnavailableError, describeConnectionError } from './connection-error.ts';
import { migrate } from './migrate.ts';
import { runMarkedByName } from './prepared-statements.ts';
import { ReachablePostgresDialect } from './unavailable.ts';

/** Connections one process keeps at most: enough for its requests, few enough for many instances. */
const DEFAULT_POOL_SIZE = 10;
/** How long a query waits for a free connection, or a new one to open, before it fails. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Errors after which the whole transaction is simply run again (SQLSTATE). */
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const ATTEMPTS = 5;

export type PostgresEngine = ShopDatabase & {
  readonly dialect: 'postgres';
  readonly pool: pg.Pool;
  close(): Promise<void>;
};

export type PostgresOptions = {
  poolSize?: number;
  /** How long a query waits for a connection before the database counts as unavailable (10 s). */
  connectTimeoutMs?: number;
};

/**
 * The shop's PostgreSQL database at `url`, migrated: connects, applies pending migrations, and
 * answers the engine. A database that cannot be reached, or refuses, throws
 * DatabaseUnavailableError with one line to show (never the password).
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresEngine> {
  const engine = connectPostgres(url, options);
  await migratePostgres(engine, url);
  return engine;
}

/**
 * The pool and its Kysely, without a round trip yet: a process that serves requests connects at
 * its first query, once the process that starts the shop has migrated the database.
 */
export function connectPostgres(url: string, options: PostgresOptions = {}): PostgresEngine {
  let pool: pg.Pool;
  try {
    pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      types: { getTypeParser },
      // Every session in UTC, so what the shop reads back does not depend on the server's zone.
      options: '-c TimeZone=UTC',
    });
  } catch (error) {
    throw new DatabaseUnavailableError(describeConnectionError(url, error), { cause: error });
  }
  // A connection the server dropped (a restart) reports an error event: an idle one on the pool,
  // one in use on its client, after its query has failed with the same error. Unheard, the event
  // would end the process; the pool opens a new connection for the next query.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    runMarkedByName(client);
  });
  const db = new Kysely<DB>({ dialect: new ReachablePostgresDialect({ pool }) });
  return {
    dialect: 'postgres',
    db,
    pool,
    transaction: (run) => retried(() => db.transaction().execute(run)),
    close: () => db.destroy(),
  };
}

/**
 * Applies the pending migrations (migrate.ts); a database that cannot be reached, or refuses,
 * throws DatabaseUnavailableError with one line to show, and the pool is closed.
 */
export async function migratePostgres(engine: PostgresEngine, url: string): Promise<void> {
  try {
    await migrate(engine.pool);
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw new DatabaseUnavailableError(describeConnectionError(url, error), { cause: error });
  }
}

/** Runs a transaction again, after a short random pause, when PostgreSQL aborted it to resolve a conflict. */
async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !RETRYABLE.has(code) || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt * Math.random()));
    }
  }
}

const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMPTZ = 1184;

/**
 * Values as the SQLite engine gives them, so one row type serves both (database/schema.ts):
 * bigint and numeric as numbers (milliseconds, counts and sums of cents stay far below 2^53),
 * timestamps as ISO-8601 strings.
 */
function getTypeParser(oid: number, format?: 'text' | 'binary') {
  if (format === 'binary') return pg.types.getTypeParser(oid, format);
  if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
  if (oid === TIMESTAMPTZ) {
    const toDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => Date;
    return (value: string) => toDate(value).toISOString();
  }
  return pg.types.getTypeParser(oid, 'text');
}
