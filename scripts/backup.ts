/**
 * npm run backup [-- --to DIR]: an online backup of the data folder (database and media) into one
 * timestamped .tar.gz with a manifest and checksums; safe while the shop serves. DIR defaults to
 * DATA_DIR/backups.
 */
import path from 'node:path';
import { createBackup } from './backup/create-backup.ts';
import { argValue, loadEnvOrExit } from './cli.ts';

const env = loadEnvOrExit();
if (env.DATABASE_URL) {
  console.error(
    'This command backs up the SQLite data folder. With DATABASE_URL, use pg_dump and pg_restore for the database and copy DATA_DIR/media.',
  );
  process.exit(1);
}
const to = path.resolve(argValue(process.argv.slice(2), '--to') ?? path.join(env.dataDir, 'backups'));
try {
  const { file, manifest, seconds } = await createBackup(env.dataDir, to);
  const bytes = manifest.files.reduce((sum, entry) => sum + entry.bytes, 0);
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  console.info(`Backup written: ${file}`);
  console.info(
    `  ${manifest.files.length} files (database and ${manifest.files.length - 1} media), ${(bytes / 1e6).toFixed(1)} MB before compression`,
  );
  console.info(
    `  ${Object.keys(manifest.tables).length} tables, ${rows} rows; schema ${manifest.migrations.at(-1)}`,
  );
  console.info(`  integrity check: ok; ${seconds.toFixed(1)} s`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
