/**
 * npm run backup [-- --to DIR]: an online backup of the shop into one timestamped .tar.gz with a
 * manifest (which database, rows per table, migrations) and SHA-256 checksums; safe while the
 * shop serves. On SQLite it holds the data folder's database and media; with DATABASE_URL, a
 * pg_dump of the PostgreSQL database (Debian's postgresql-client) and the data folder's media.
 * DIR defaults to DATA_DIR/backups. `npm run restore` puts it back.
 */
import path from 'node:path';
import { DatabaseUnavailableError } from '../src/adapters/postgres/connection-error.ts';
import { createBackup } from './backup/create-backup.ts';
import { createPostgresBackup } from './backup/postgres-dump.ts';
import { describeDatabase, maskSecrets, PostgresToolError } from './backup/postgres-tools.ts';
import { argValue, loadEnvOrExit } from './cli.ts';

const env = loadEnvOrExit();
const url = env.DATABASE_URL;
const to = path.resolve(argValue(process.argv.slice(2), '--to') ?? path.join(env.dataDir, 'backups'));
try {
  const { file, manifest, seconds } = url
    ? await createPostgresBackup(url, env.dataDir, to)
    : await createBackup(env.dataDir, to);
  const bytes = manifest.files.reduce((sum, entry) => sum + entry.bytes, 0);
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  const media = manifest.files.length - 1;
  console.info(`Backup written: ${file}`);
  console.info(
    url
      ? `  PostgreSQL ${describeDatabase(url)} (pg_dump) and ${media} media files, ${(bytes / 1e6).toFixed(1)} MB before compression`
      : `  ${manifest.files.length} files (database and ${media} media), ${(bytes / 1e6).toFixed(1)} MB before compression`,
  );
  console.info(
    `  ${Object.keys(manifest.tables).length} tables, ${rows} rows; schema ${manifest.migrations.at(-1)}`,
  );
  console.info(`  ${url ? 'dump check (pg_restore)' : 'integrity check'}: ok; ${seconds.toFixed(1)} s`);
} catch (error) {
  const known = error instanceof DatabaseUnavailableError || error instanceof PostgresToolError;
  const message = error instanceof Error ? error.message : String(error);
  console.error(known ? message : `Backup failed: ${url ? maskSecrets(message, url) : message}`);
  process.exitCode = 1;
}
