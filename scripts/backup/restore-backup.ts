import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../src/adapters/sqlite/migrations/index.ts';
import { runningShop } from '../../src/server/serving/running-shop.ts';
import { DATABASE, type Manifest, MEDIA } from './manifest.ts';
import { moveAside, RestoreError, readArchive, refuseNewer } from './read-archive.ts';

export type RestoreResult = {
  manifest: Manifest;
  /** Where the data it replaced was moved (null when the folder was empty). */
  previous: string | null;
  seconds: number;
};

/**
 * Restores a SQLite backup archive into a data folder. Nothing is touched until the archive has
 * proved whole (read-archive.ts), its database passes integrity_check and was made by this shop's
 * migrations (never a newer one). A data folder a running shop serves (server.json names a live
 * process) is refused unless `force` is given. The data it replaces is kept in
 * `pre-restore-<time>/` beside it, and the storefront build is marked for rebuilding from the
 * restored data.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  if (!fs.existsSync(file)) throw new RestoreError(`No such backup file: ${file}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    const manifest = await readArchive(file, work, 'sqlite');
    refuseNewer(manifest, MIGRATIONS);
    verifyDatabase(path.join(work, DATABASE));

    const running = runningShop(dataDir);
    if (running && !options.force) {
      throw new RestoreError(
        `A shop is serving ${dataDir} (process ${running.pid}, port ${running.port}). Stop it first, or add --force and restart it right after.`,
      );
    }

    const previous = moveAside(
      dataDir,
      [DATABASE, `${DATABASE}-wal`, `${DATABASE}-shm`, MEDIA],
      options.now ?? new Date(),
    );
    fs.renameSync(path.join(work, DATABASE), path.join(dataDir, DATABASE));
    fs.renameSync(path.join(work, MEDIA), path.join(dataDir, MEDIA));
    // The served build shows the old data: the next start builds from the restored one.
    fs.rmSync(path.join(dataDir, 'builds', 'current.json'), { force: true });
    return { manifest, previous, seconds: (performance.now() - started) / 1000 };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function verifyDatabase(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new RestoreError(`The database in the archive is damaged: ${String(check)}`);
  } finally {
    db.close();
  }
}
