/**
 * npm run db:migrate-to-postgres [-- --replace]: copies the SQLite data folder (DATA_DIR) into the
 * PostgreSQL database DATABASE_URL names, in one transaction, and checks the copy table by table
 * (rows and a SHA-256 of them). The target must hold no shop data unless --replace is given. The
 * shop should be stopped meanwhile, so nothing is written to SQLite after it is read. Media files
 * stay in DATA_DIR/media.
 */

import { DatabaseUnavailableError } from '../src/adapters/postgres/connection-error.ts';
import { CopyRefusedError, copyFromSqlite } from '../src/adapters/postgres/copy-from-sqlite.ts';
import { openPostgres } from '../src/adapters/postgres/database.ts';
import { openEngine } from '../src/adapters/sqlite/database.ts';
import { loadEnvOrExit } from './cli.ts';

const env = loadEnvOrExit();
const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'Set DATABASE_URL=postgres://user:password@host:5432/database to the empty database to copy into.',
  );
  process.exit(1);
}
const replace = process.argv.includes('--replace');
const started = performance.now();
const sqlite = openEngine(env.dataDir);
let postgres: Awaited<ReturnType<typeof openPostgres>> | null = null;
try {
  postgres = await openPostgres(url);
  console.info(`Copying ${env.dataDir}/shop.db into PostgreSQL…`);
  const copies = await copyFromSqlite(sqlite.sqlite, postgres.pool, {
    replace,
    onTable: (copy) =>
      console.info(
        `  ${copy.table.padEnd(26)} ${String(copy.rows).padStart(8)} rows  sha256 ${copy.checksum.slice(0, 16)}…  same`,
      ),
  });
  const rows = copies.reduce((sum, copy) => sum + copy.rows, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`Copied ${copies.length} tables, ${rows} rows, each checked against SQLite, in ${seconds} s.`);
  console.info(
    'Media files stay in the data folder. Start the shop with DATABASE_URL set to use PostgreSQL.',
  );
} catch (error) {
  const known = error instanceof CopyRefusedError || error instanceof DatabaseUnavailableError;
  console.error(
    known
      ? (error as Error).message
      : `The copy failed; nothing was kept: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
} finally {
  sqlite.sqlite.close();
  await postgres?.close();
}
