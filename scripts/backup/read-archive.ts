import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import {
  DATABASE,
  type DatabaseKind,
  DUMP,
  databaseFile,
  isArchivePath,
  MANIFEST,
  type Manifest,
  MEDIA,
  manifestSchema,
  sha256File,
  stamp,
} from './manifest.ts';

/** The archive or the target is not one to restore: nothing was touched (exit code 2). */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

/** What to do instead when an archive of one kind meets a shop on the other database. */
const OTHER_DATABASE: Record<DatabaseKind, string> = {
  sqlite:
    'This backup holds a SQLite data folder, but DATABASE_URL puts the shop on PostgreSQL. Restore it with DATABASE_URL unset (npm run restore -- FILE puts shop.db and media into DATA_DIR), then copy the database into PostgreSQL with npm run db:migrate-to-postgres.',
  postgres:
    'This backup holds a PostgreSQL database (pg_dump), but DATABASE_URL is not set, so the shop is on SQLite. Set DATABASE_URL to the PostgreSQL database to restore it into and run npm run restore again; there is no copy from PostgreSQL back to SQLite.',
};

/**
 * Unpacks a backup archive into `work` and proves it whole before anything is touched: only the
 * expected paths, a manifest this shop writes, for the database the shop runs on (`kind`), and
 * every file present with its size and SHA-256. `work/media` exists afterwards, empty or not.
 */
export async function readArchive(file: string, work: string, kind: DatabaseKind): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new RestoreError(`No such backup file: ${file}`);
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
      throw new RestoreError(`The archive cannot be read: ${error instanceof Error ? error.message : error}`);
    });
  if (unexpected.length > 0)
    throw new RestoreError(`The archive holds unexpected entries: ${unexpected.join(', ')}`);
  const manifest = readManifest(path.join(work, MANIFEST));
  if (manifest.database !== kind) throw new RestoreError(OTHER_DATABASE[manifest.database]);
  await verifyFiles(work, manifest);
  return manifest;
}

/** Refuses a backup made by a newer shop: its database has migrations this one does not know. */
export function refuseNewer(manifest: Manifest, known: ReadonlyArray<{ name: string }>): void {
  const names = new Set(known.map((migration) => migration.name));
  const newer = manifest.migrations.filter((name) => !names.has(name));
  if (newer.length > 0)
    throw new RestoreError(
      `The backup comes from a newer version of the shop (${newer.join(', ')}): upgrade first.`,
    );
}

/** Moves these entries of the data folder into pre-restore-<time>/ beside them; null when none was there. */
export function moveAside(dataDir: string, names: string[], now: Date): string | null {
  const present = names.filter((name) => fs.existsSync(path.join(dataDir, name)));
  if (present.length === 0) return null;
  const aside = path.join(dataDir, `pre-restore-${stamp(now)}`);
  fs.mkdirSync(aside, { recursive: true });
  for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(aside, name));
  return aside;
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
  const database = databaseFile(manifest.database);
  const listed = new Set(manifest.files.map((entry) => entry.path));
  if (!listed.has(database)) throw new RestoreError('The manifest lists no database.');
  const present = [
    ...[DATABASE, DUMP].filter((name) => fs.existsSync(path.join(work, name))),
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
