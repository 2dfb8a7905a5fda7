import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { DATABASE, MANIFEST, type Manifest, MEDIA, sha256File, tableCounts } from './manifest.ts';

export type BackupResult = { file: string; manifest: Manifest; seconds: number };

/** 20261123-071502: sorts by time and is safe in every file system. */
const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * An online backup of a data folder, safe while the shop serves it: the database is copied with
 * VACUUM INTO (one read transaction, so a consistent snapshot that never blocks the shop's
 * writers under WAL), checked with integrity_check, then the media files are copied, and all of
 * it goes into one timestamped .tar.gz with a manifest of sizes and SHA-256 checksums. Cached
 * image variants (media/w*) are left out: the shop renders them again on demand.
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
    let migrations: string[];
    try {
      db.pragma('busy_timeout = 10000');
      db.prepare('VACUUM INTO ?').run(snapshot);
    } finally {
      db.close();
    }
    const copy = new Database(snapshot, { fileMustExist: true });
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

    const files = [DATABASE];
    const mediaFrom = path.join(dataDir, MEDIA);
    fs.mkdirSync(path.join(work, MEDIA));
    for (const entry of fs.existsSync(mediaFrom) ? fs.readdirSync(mediaFrom, { withFileTypes: true }) : []) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      try {
        fs.copyFileSync(path.join(mediaFrom, entry.name), path.join(work, MEDIA, entry.name));
        files.push(`${MEDIA}/${entry.name}`);
      } catch (error) {
        // Deleted while we copied: the shop no longer has it either.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }

    const manifest: Manifest = {
      format: 'cardshop-backup',
      version: 1,
      createdAt: now.toISOString(),
      migrations,
      tables,
      files: await Promise.all(
        files.sort().map(async (file) => ({
          path: file,
          bytes: fs.statSync(path.join(work, file)).size,
          sha256: await sha256File(path.join(work, file)),
        })),
      ),
    };
    fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    const file = path.join(toDir, `cardshop-backup-${stamp(now)}.tar.gz`);
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [MANIFEST, DATABASE, MEDIA]);
    // It holds customers' orders and messages: readable by the shop's user only.
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return { file, manifest, seconds: (performance.now() - started) / 1000 };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
