import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

/** The shop's two databases (decision 093): a backup holds one of them, and restores onto that one only. */
export const databaseKindSchema = z.enum(['sqlite', 'postgres']);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

/** What a backup archive holds, written into it as manifest.json. */
export const manifestSchema = z.object({
  format: z.literal('cardshop-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  /** Archives made before the shop ran on PostgreSQL have no such field: they are all SQLite's. */
  database: databaseKindSchema.default('sqlite'),
  /** The migrations the database had: a newer shop can restore it and migrate it forward. */
  migrations: z.array(z.string()),
  /** Rows per table at the time of the backup, for the restore report and its check. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST = 'manifest.json';
export const DATABASE = 'shop.db';
/** PostgreSQL's database as pg_dump's custom format (pg_restore reads it). */
export const DUMP = 'shop.dump';
export const MEDIA = 'media';

/** The file that holds the database in an archive of this kind. */
export const databaseFile = (kind: DatabaseKind) => (kind === 'postgres' ? DUMP : DATABASE);

/** The only paths an archive may hold: the manifest, the database and top-level media files. */
export function isArchivePath(entry: string): boolean {
  if ([MANIFEST, DATABASE, DUMP, MEDIA, `${MEDIA}/`].includes(entry)) return true;
  return /^media\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(entry) && !entry.includes('..');
}

/** 20261123-071502: sorts by time and is safe in every file system. */
export const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Every table of the database with its row count (SQLite's own tables left out). */
export function tableCounts(sqlite: { prepare(sql: string): { all(): unknown[]; get(): unknown } }) {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ name: string }>;
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      (sqlite.prepare(`SELECT COUNT(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n,
    ]),
  );
}
