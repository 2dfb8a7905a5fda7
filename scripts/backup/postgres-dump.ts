import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BackupResult } from './create-backup.ts';
import { DUMP } from './manifest.ts';
import { connectTo, postgresTableCounts } from './postgres-tables.ts';
import { describeDatabase, findPostgresTools, libpqConnection, runTool } from './postgres-tools.ts';
import { copyMedia, writeArchive } from './write-archive.ts';

/**
 * An online backup of a shop on PostgreSQL, safe while it serves: pg_dump (custom format, no
 * owners or grants, so it restores under any user) of the database, then the data folder's
 * media files, into one timestamped .tar.gz with the same manifest as SQLite's.
 *
 * The row counts and the migrations are read in a transaction whose snapshot pg_dump then uses
 * (pg_export_snapshot, --snapshot): the manifest describes exactly the rows the dump holds,
 * however many orders arrive meanwhile, and the restore checks against it.
 */
export async function createPostgresBackup(
  url: string,
  dataDir: string,
  toDir: string,
  now = new Date(),
): Promise<BackupResult> {
  const started = performance.now();
  const tools = findPostgresTools();
  const client = await connectTo(url);
  fs.mkdirSync(toDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(toDir, '.backup-'));
  try {
    const dump = path.join(work, DUMP);
    let tables: Record<string, number>;
    let migrations: string[];
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      tables = await postgresTableCounts(client);
      if (!('migrations' in tables))
        throw new Error(`${describeDatabase(url)} holds no shop (no migrations table): nothing to back up.`);
      migrations = (
        await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY name')
      ).rows.map((row) => row.name);
      await runTool(
        tools.pgDump,
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${rows[0]?.id}`,
          `--file=${dump}`,
          `--dbname=${libpqConnection(url).dbname}`,
        ],
        url,
      );
    } finally {
      // The snapshot only had to live until pg_dump had taken it.
      await client.query('ROLLBACK').catch(() => undefined);
    }
    // The dump's integrity check, as SQLite's copy gets one: pg_restore reads all of it, writing nothing.
    await runTool(tools.pgRestore, [`--file=${os.devNull}`, dump], url);
    const media = copyMedia(dataDir, work);
    const { file, manifest } = await writeArchive(work, toDir, now, {
      database: 'postgres',
      migrations,
      tables,
      media,
    });
    return { file, manifest, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
