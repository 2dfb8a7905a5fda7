import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { MIGRATIONS } from '../../src/adapters/sqlite/migrations/index.ts';
import { runningShop } from '../../src/server/serving/running-shop.ts';
import {
  DATABASE,
  isArchivePath,
  MANIFEST,
  type Manifest,
  MEDIA,
  manifestSchema,
  sha256File,
} from './manifest.ts';

export class RestoreError extends Error {
  override name = 'RestoreError';
}

export type RestoreResult = {
  manifest: Manifest;
  /** Where the data it replaced was moved (null when the folder was empty). */
  previous: string | null;
  seconds: number;
};

/**
 * Restores a backup archive into a data folder. Nothing is touched until the archive has proved
 * whole: only the expected paths, every file present with its size and SHA-256, the database
 * passing integrity_check, and made by this shop's migrations (never a newer one). A data folder
 * a running shop serves (server.json names a live process) is refused unless `force` is given.
 * The data it replaces is kept in `pre-restore-<time>/` beside it, and the storefront build is
 * marked for rebuilding from the restored data.
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
    const unexpected: string[] = [];
    await tar
      .extract({
        file,
        cwd: work,
        strict: true,
        filter: (entry, stat) => {
          const type = 'type' in stat ? stat.type : stat.isDirectory() ? 'Directory' : 'File';
          const allowed = isArchivePath(entry) && (type === 'File' || type === 'Directory');
          if (!allowed) unexpected.push(entry);
          return allowed;
        },
      })
      .catch((error: unknown) => {
        throw new RestoreError(
          `The archive cannot be read: ${error instanceof Error ? error.message : error}`,
        );
      });
    if (unexpected.length > 0)
      throw new RestoreError(`The archive holds unexpected entries: ${unexpected.join(', ')}`);

    const manifest = readManifest(path.join(work, MANIFEST));
    await verifyFiles(work, manifest);
    verifyDatabase(path.join(work, DATABASE), manifest);

    const running = runningShop(dataDir);
    if (running && !options.force) {
      throw new RestoreError(
        `A shop is serving ${dataDir} (process ${running.pid}, port ${running.port}). Stop it first, or add --force and restart it right after.`,
      );
    }

    const previous = moveAside(dataDir, options.now ?? new Date());
    fs.renameSync(path.join(work, DATABASE), path.join(dataDir, DATABASE));
    fs.renameSync(path.join(work, MEDIA), path.join(dataDir, MEDIA));
    // The served build shows the old data: the next start builds from the restored one.
    fs.rmSync(path.join(dataDir, 'builds', 'current.json'), { force: true });
    return { manifest, previous, seconds: (performance.now() - started) / 1000 };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(file: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new RestoreError('The archive has no readable manifest.json: is it a shop backup?');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new RestoreError('The manifest is not one this shop writes.');
  return result.data;
}

async function verifyFiles(work: string, manifest: Manifest): Promise<void> {
  const listed = new Set(manifest.files.map((entry) => entry.path));
  if (!listed.has(DATABASE)) throw new RestoreError('The manifest lists no database.');
  const present = [
    ...(fs.existsSync(path.join(work, DATABASE)) ? [DATABASE] : []),
    ...(fs.existsSync(path.join(work, MEDIA))
      ? fs.readdirSync(path.join(work, MEDIA)).map((name) => `${MEDIA}/${name}`)
      : []),
  ];
  const extra = present.filter((entry) => !listed.has(entry));
  if (extra.length > 0) throw new RestoreError(`Files not in the manifest: ${extra.join(', ')}`);
  for (const entry of manifest.files) {
    const full = path.join(work, entry.path);
    if (!isArchivePath(entry.path) || !fs.existsSync(full))
      throw new RestoreError(`Missing from the archive: ${entry.path}`);
    if (fs.statSync(full).size !== entry.bytes || (await sha256File(full)) !== entry.sha256)
      throw new RestoreError(`Checksum mismatch: ${entry.path} is damaged.`);
  }
  fs.mkdirSync(path.join(work, MEDIA), { recursive: true });
}

function verifyDatabase(file: string, manifest: Manifest): void {
  const known = MIGRATIONS.map((migration) => migration.name);
  const newer = manifest.migrations.filter((name) => !known.includes(name));
  if (newer.length > 0)
    throw new RestoreError(
      `The backup comes from a newer version of the shop (${newer.join(', ')}): upgrade first.`,
    );
  const db = new Database(file, { fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new RestoreError(`The database in the archive is damaged: ${String(check)}`);
  } finally {
    db.close();
  }
}

/** Moves the folder's current database and media into pre-restore-<time>/; null when there were none. */
function moveAside(dataDir: string, now: Date): string | null {
  const names = [DATABASE, `${DATABASE}-wal`, `${DATABASE}-shm`, MEDIA].filter((name) =>
    fs.existsSync(path.join(dataDir, name)),
  );
  if (names.length === 0) return null;
  const aside = path.join(
    dataDir,
    `pre-restore-${now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`,
  );
  fs.mkdirSync(aside, { recursive: true });
  for (const name of names) fs.renameSync(path.join(dataDir, name), path.join(aside, name));
  return aside;
}
