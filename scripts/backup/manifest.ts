import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

/** What a backup archive holds, written into it as manifest.json. */
export const manifestSchema = z.object({
  format: z.literal('cardshop-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  /** The migrations the database had: a newer shop can restore it and migrate it forward. */
  migrations: z.array(z.string()),
  /** Rows per table at the time of the backup, for the restore report. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST = 'manifest.json';
export const DATABASE = 'shop.db';
export const MEDIA = 'media';

/** The only paths an archive may hold: the manifest, the database and top-level media files. */
export function isArchivePath(entry: string): boolean {
  if (entry === MANIFEST || entry === DATABASE || entry === MEDIA || entry === `${MEDIA}/`) return true;
  return /^media\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(entry) && !entry.includes('..');
}

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
