import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE, type Manifest, tableCounts } from './manifest.ts';
import { copyMedia, writeArchive } from './write-archive.ts';

export type BackupResult = { file: string; manifest: Manifest; seconds: number };

/**
 * An online backup of a SQLite data folder, safe while the shop serves it: the database is copied
 * with VACUUM INTO (one read transaction, so a consistent snapshot that never blocks the shop's
 * writers under WAL), checked with integrity_check, then the media files are copied, and all of
 * it goes into one timestamped .tar.gz with a manifest of sizes and SHA-256 checksums.
 */
export async function createBackup(dataDir: string, toDir: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const source = path.join(dataDir, DATABASE);
  if (!fs.existsSync(source)) throw new Error(`No shop database in ${dataDir}`);
  fs.mkdirSync(toDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(toDir, '.backup-'));
  try {
    const snapshot = path.join(work, DATABASE);
    const db = new Database(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      db.prepare('VACUUM INTO ?').run(snapshot);
    } finally {
      db.close();
    }
    const copy = new Database(snapshot, { fileMustExist: true });
    let migrations: string[];
    let tables: Record<string, number>;
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The database copy failed its integrity check: ${String(check)}`);
      // A standalone file: no -wal beside it to be forgotten when it is moved.
      copy.pragma('journal_mode = DELETE');
      migrations = (
        copy.prepare('SELECT name FROM migrations ORDER BY name').all() as Array<{ name: string }>
      ).map((row) => row.name);
      tables = tableCounts(copy);
    } finally {
      copy.close();
    }
    const media = copyMedia(dataDir, work);
    const { file, manifest } = await writeArchive(work, toDir, now, {
      database: 'sqlite',
      migrations,
      tables,
      media,
    });
    return { file, manifest, seconds: (performance.now() - started) / 1000 };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
