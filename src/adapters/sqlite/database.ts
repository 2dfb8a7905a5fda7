import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { foldText } from '../../domain/text/fold.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { withBusyRetry } from './busy.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { AT_OPEN, noteCommit } from './planner-statistics.ts';
import { prepared } from './prepared.ts';
import { OPEN_GATE, type WriteGate, withWriteLock } from './write-queue.ts';

/** How long a synchronous statement waits for another connection's write lock. */
const BUSY_TIMEOUT_MS = 5_000;
/** Around BEGIN IMMEDIATE: busy answers at once instead of SQLite's wait, then the wait again. */
const NO_BUSY_WAIT = 'pragma busy_timeout = 0';
const BUSY_WAIT = `pragma busy_timeout = ${BUSY_TIMEOUT_MS}`;

/** The embedded engine; as a ShopDatabase, its transactions wait for the write lock in the write queue (write-queue.ts, busy.ts). */
export type Engine = ShopDatabase & {
  readonly dialect: 'sqlite';
  sqlite: Database.Database;
  dataDir: string;
  /** The write queue among the shop's processes (write-queue.ts); open outside `npm start`. */
  writeGate: WriteGate;
};

/**
 * Opens (creating when needed) the shop database in `dataDir` and applies pending migrations.
 * WAL lets the storefront read while the admin or a build writes; foreign keys guard every link.
 */
export function openEngine(dataDir: string, writeGate: WriteGate = OPEN_GATE): Engine {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, 'shop.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Case and accents folded as the domain folds them, for searches that have no index of their own
  // (the dashboard's orders).
  sqlite.function('fold_text', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldText(value) : value,
  );
  migrate(sqlite);
  // Keeps the planner's statistics current (cheap: it analyses only tables that changed a lot),
  // so filtered catalogue queries pick the narrow indexes of migration 005. Writers look again
  // as they go (planner-statistics.ts).
  sqlite.pragma(AT_OPEN);
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect(sqlite, { database: withStatementCache(sqlite) }),
  });
  return {
    dialect: 'sqlite',
    db,
    // Holding the write lock, then the connection; again from the start when busy.
    transaction: (run) => withBusyRetry(() => withWriteLock(writeGate, () => db.transaction().execute(run))),
    sqlite,
    dataDir,
    writeGate,
  };
}

/**
 * Kysely's SQLite dialect, with each transaction taking the write lock as it begins (BEGIN
 * IMMEDIATE). Every Kysely transaction of the shop writes. A deferred one reads first and asks for
 * the lock at its first write; when another worker process committed in between, SQLite can only
 * answer SQLITE_BUSY_SNAPSHOT, and the transaction must start again after a pause
 * (busy.ts). Under twenty buyers on two workers those pauses made the orders' p99 about
 * 200 ms (decision 009). The write lock is granted before the transaction asks for the
 * connection (busy.ts), so reads are never held up behind a writer waiting for the lock.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #sqlite: Database.Database;
  readonly #config: SqliteDialectConfig;
  constructor(sqlite: Database.Database, config: SqliteDialectConfig) {
    super(config);
    this.#sqlite = sqlite;
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#sqlite, this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #sqlite: Database.Database;
  constructor(sqlite: Database.Database, config: SqliteDialectConfig) {
    super(config);
    this.#sqlite = sqlite;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection);
    noteCommit(this.#sqlite);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Not SQLite's busy wait here: it sleeps on this thread, and the holder may be another
    // connection on this very thread (two containers in a test) that can then never finish. Busy
    // answers at once, and busy.ts waits without blocking.
    await connection.executeQuery(CompiledQuery.raw(NO_BUSY_WAIT));
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } finally {
      await connection.executeQuery(CompiledQuery.raw(BUSY_WAIT));
    }
  }
}

const immediateRunners = new WeakMap<
  Database.Database,
  Database.Transaction<(body: () => unknown) => unknown>
>();

/**
 * Runs `body` as one synchronous IMMEDIATE transaction that, like Kysely's (above), answers
 * SQLITE_BUSY at once when another connection holds the write lock, having done nothing; the
 * caller waits and tries again without blocking (busy.ts). A throw rolls it all back.
 */
export function immediateWithoutWaiting<T>(sqlite: Database.Database, body: () => T): T {
  let run = immediateRunners.get(sqlite);
  if (!run) {
    run = sqlite.transaction((inner: () => unknown) => inner());
    immediateRunners.set(sqlite, run);
  }
  prepared(sqlite, NO_BUSY_WAIT).get();
  let result: T;
  try {
    result = run.immediate(body) as T;
  } finally {
    prepared(sqlite, BUSY_WAIT).get();
  }
  noteCommit(sqlite);
  return result;
}

/** Kysely's connection, its statements prepared once each (prepared.ts). */
const withStatementCache = (sqlite: Database.Database) => ({
  close: () => sqlite.close(),
  prepare: (sql: string): Database.Statement => prepared(sqlite, sql),
});

function migrate(sqlite: Database.Database): void {
  sqlite.exec('CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    sqlite
      .prepare('SELECT name FROM migrations')
      .all()
      .map((row) => (row as { name: string }).name),
  );
  // IMMEDIATE takes the write lock first, so two processes starting at once cannot both migrate.
  const apply = sqlite.transaction((migration: (typeof MIGRATIONS)[number]) => {
    const done = sqlite.prepare('SELECT 1 FROM migrations WHERE name = ?').get(migration.name);
    if (done) return;
    for (const statement of migration.up) sqlite.exec(statement);
    migration.backfill?.(sqlite);
    if (migration.foreignKeysOff && (sqlite.pragma('foreign_key_check') as unknown[]).length > 0)
      throw new Error(`Migration ${migration.name} left rows whose foreign keys point nowhere`);
    sqlite
      .prepare('INSERT INTO migrations (name, applied_at) VALUES (?, ?)')
      .run(migration.name, new Date().toISOString());
  });
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.name)) continue;
    // SQLite changes this setting only outside a transaction.
    if (migration.foreignKeysOff) sqlite.pragma('foreign_keys = OFF');
    try {
      apply.immediate(migration);
    } finally {
      if (migration.foreignKeysOff) sqlite.pragma('foreign_keys = ON');
    }
  }
}
