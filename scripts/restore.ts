/**
 * npm run restore -- FILE [--force]: checks a backup archive (paths, checksums, manifest, which
 * database it holds) and restores it. On SQLite it goes into DATA_DIR, the data it replaces kept
 * in DATA_DIR/pre-restore-<time>/; a running shop's data is not replaced unless --force is given.
 * With DATABASE_URL the archive must hold a pg_dump: pg_restore (Debian's postgresql-client) puts
 * it into that database in one transaction, and its media into DATA_DIR (the old ones kept aside);
 * a database that already holds a shop is replaced only with --force. The restored row counts
 * are checked against the manifest. An archive of the other database is refused, with what to do.
 * Exit code 2: refused, nothing changed.
 */
import { DatabaseUnavailableError } from '../src/adapters/postgres/connection-error.ts';
import { restorePostgresBackup } from './backup/postgres-restore.ts';
import { describeDatabase, maskSecrets, PostgresToolError } from './backup/postgres-tools.ts';
import { RestoreError } from './backup/read-archive.ts';
import { restoreBackup } from './backup/restore-backup.ts';
import { loadEnvOrExit } from './cli.ts';

/** The tables the report names: what an owner recognises of the shop. */
const SHOWN = ['products', 'orders', 'categories', 'contact_messages', 'mail_outbox', 'media'];

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const env = loadEnvOrExit();
const url = env.DATABASE_URL;
if (!file) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(1);
}
const force = args.includes('--force');
try {
  const restored = url
    ? await restorePostgresBackup(file, url, env.dataDir, { force })
    : await restoreBackup(file, env.dataDir, { force });
  const { manifest, previous, seconds } = restored;
  console.info(
    url
      ? `Restored ${file} into the PostgreSQL ${describeDatabase(url)} and ${env.dataDir}/media`
      : `Restored ${file} into ${env.dataDir}`,
  );
  console.info(
    `  made ${manifest.createdAt}; ${manifest.files.length} files verified (SHA-256); ${
      url
        ? `row counts match the backup (${Object.keys(manifest.tables).length} tables)`
        : 'integrity check: ok'
    }`,
  );
  console.info(
    `  ${Object.entries(manifest.tables)
      .filter(([table]) => SHOWN.includes(table))
      .map(([table, count]) => `${table} ${count}`)
      .join(', ')}`,
  );
  if ('replaced' in restored && restored.replaced)
    console.info('  the shop the database held was replaced (--force)');
  if (previous)
    console.info(`  the ${url ? 'media' : 'data'} it replaced ${url ? 'are' : 'is'} in ${previous}`);
  console.info(
    `  ${seconds.toFixed(1)} s. Start the shop (npm start${url ? ', or restart it' : ''}): it migrates the data if needed and rebuilds the storefront.`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RestoreError) console.error(`Restore refused: ${message}`);
  else if (error instanceof DatabaseUnavailableError || error instanceof PostgresToolError)
    console.error(message);
  else console.error(`Restore failed: ${url ? maskSecrets(message, url) : message}`);
  process.exitCode = error instanceof RestoreError ? 2 : 1;
}
