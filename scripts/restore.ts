/**
 * npm run restore -- FILE [--force]: checks a backup archive (paths, checksums, integrity, schema)
 * and restores it into DATA_DIR. A running shop's data is not replaced unless --force is given.
 */
import { RestoreError, restoreBackup } from './backup/restore-backup.ts';
import { loadEnvOrExit } from './cli.ts';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const env = loadEnvOrExit();
if (env.DATABASE_URL) {
  console.error(
    'This command backs up the SQLite data folder. With DATABASE_URL, use pg_dump and pg_restore for the database and copy DATA_DIR/media.',
  );
  process.exit(1);
}
if (!file) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(1);
}
try {
  const { manifest, previous, seconds } = await restoreBackup(file, env.dataDir, {
    force: args.includes('--force'),
  });
  console.info(`Restored ${file} into ${env.dataDir}`);
  console.info(
    `  made ${manifest.createdAt}; ${manifest.files.length} files verified (SHA-256); integrity check: ok`,
  );
  console.info(
    `  ${Object.entries(manifest.tables)
      .filter(([table]) =>
        ['products', 'orders', 'categories', 'contact_messages', 'mail_outbox', 'media'].includes(table),
      )
      .map(([table, count]) => `${table} ${count}`)
      .join(', ')}`,
  );
  if (previous) console.info(`  the data it replaced is in ${previous}`);
  console.info(
    `  ${seconds.toFixed(1)} s. Start the shop (npm start): it migrates the data if needed and rebuilds the storefront.`,
  );
} catch (error) {
  console.error(`Restore refused: ${error instanceof Error ? error.message : error}`);
  process.exitCode = error instanceof RestoreError ? 2 : 1;
}
