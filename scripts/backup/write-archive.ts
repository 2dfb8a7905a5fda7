import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import {
  type DatabaseKind,
  databaseFile,
  MANIFEST,
  type Manifest,
  MEDIA,
  sha256File,
  stamp,
} from './manifest.ts';

/**
 * Copies the data folder's media files into `work/media` and answers their archive paths. Cached
 * image variants (media/w*, folders) are left out: the shop renders them again on demand.
 */
export function copyMedia(dataDir: string, work: string): string[] {
  const from = path.join(dataDir, MEDIA);
  const copied: string[] = [];
  fs.mkdirSync(path.join(work, MEDIA));
  for (const entry of fs.existsSync(from) ? fs.readdirSync(from, { withFileTypes: true }) : []) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    try {
      fs.copyFileSync(path.join(from, entry.name), path.join(work, MEDIA, entry.name));
      copied.push(`${MEDIA}/${entry.name}`);
    } catch (error) {
      // Deleted while we copied: the shop no longer has it either.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return copied;
}

export type ArchiveContents = {
  database: DatabaseKind;
  migrations: string[];
  tables: Record<string, number>;
  /** The media paths copyMedia answered; the database file is `databaseFile(database)` in `work`. */
  media: string[];
};

/**
 * Writes the manifest (sizes and SHA-256 of every file) into `work`, then `work` into
 * `toDir/cardshop-backup-<time>.tar.gz`, readable by the shop's user only; the name appears only
 * once the archive is whole.
 */
export async function writeArchive(
  work: string,
  toDir: string,
  now: Date,
  contents: ArchiveContents,
): Promise<{ file: string; manifest: Manifest }> {
  const database = databaseFile(contents.database);
  const manifest: Manifest = {
    format: 'cardshop-backup',
    version: 1,
    createdAt: now.toISOString(),
    database: contents.database,
    migrations: contents.migrations,
    tables: contents.tables,
    files: await Promise.all(
      [database, ...contents.media].sort().map(async (file) => ({
        path: file,
        bytes: fs.statSync(path.join(work, file)).size,
        sha256: await sha256File(path.join(work, file)),
      })),
    ),
  };
  fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

  const file = path.join(toDir, `cardshop-backup-${stamp(now)}.tar.gz`);
  const partial = `${file}.partial`;
  await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [MANIFEST, database, MEDIA]);
  // It holds customers' orders and messages: readable by the shop's user only.
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, file);
  return { file, manifest };
}
