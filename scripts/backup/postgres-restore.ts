import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS } from '../../src/adapters/postgres/migrations/index.ts';
import { DUMP, type Manifest, MEDIA } from './manifest.ts';
import { connectTo, postgresTableCounts, schemaTables } from './postgres-tables.ts';
import { describeDatabase, findPostgresTools, libpqConnection, runTool } from './postgres-tools.ts';
import { moveAside, RestoreError, readArchive, refuseNewer } from './read-archive.ts';

export type PostgresRestoreResult = {
  manifest: Manifest;
  /** Whether the database held a shop, which the restore replaced (--force). */
  replaced: boolean;
  /** Where the media it replaced were moved (null when there were none). */
  previous: string | null;
  seconds: number;
};

/**
 * Restores a PostgreSQL backup archive into the database at `url` and the data folder's media.
 * Nothing is touched until the archive has proved whole (read-archive.ts), pg_restore has read
 * the dump's contents, and it was made by this shop's migrations. A database that holds a shop
 * is refused unless `force` is given.
 *
 * Replacing is pg_restore --clean --if-exists in one transaction (--single-transaction,
 * --exit-on-error): it drops and recreates every object the dump holds, and any failure rolls all
 * of it back, so the database is either the backup's or as it was. Restoring into a fresh schema
 * instead would need the dump's own schema name (pg_dump writes `public.` everywhere) and a
 * rename that is not part of pg_restore's transaction. --clean drops only what the dump holds,
 * so a table the dump lacks (from a newer shop) would outlive the restore and clash with the
 * migrations later: such a database is refused.
 *
 * The media then replace the data folder's, which are kept in `pre-restore-<time>/`, and the
 * restored row counts are checked against the manifest.
 */
export async function restorePostgresBackup(
  file: string,
  url: string,
  dataDir: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<PostgresRestoreResult> {
  const started = performance.now();
  const tools = findPostgresTools();
  if (!fs.existsSync(file)) throw new RestoreError(`No such backup file: ${file}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    const manifest = await readArchive(file, work, 'postgres');
    refuseNewer(manifest, MIGRATIONS);
    const dump = path.join(work, DUMP);
    const contents = await runTool(tools.pgRestore, ['--list', dump], url).catch((error: Error) => {
      throw new RestoreError(`The database dump in the archive cannot be read: ${error.message}`);
    });

    const target = await inspect(url);
    if (target.tables.length > 0 && !options.force)
      throw new RestoreError(
        `The ${describeDatabase(url)} already holds a shop (${target.tables.length} tables). Restore into an empty database, or add --force to replace it (stop the shop first and start it again after).`,
      );
    const dumped = dumpedTables(contents, target.schema);
    const outliving = target.tables.filter((table) => !dumped.has(table));
    if (outliving.length > 0)
      throw new RestoreError(
        `The ${describeDatabase(url)} has tables the backup does not (${outliving.join(', ')}), which the restore would leave behind: restore into an empty database instead.`,
      );

    const list = path.join(work, 'restore.list');
    fs.writeFileSync(list, withoutExtensions(contents, target.extensions));
    await runTool(
      tools.pgRestore,
      [
        ...(target.tables.length > 0 ? ['--clean', '--if-exists'] : []),
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        `--use-list=${list}`,
        `--dbname=${libpqConnection(url).dbname}`,
        dump,
      ],
      url,
    ).catch((error: Error) => {
      throw new Error(
        `The restore was rolled back; the ${describeDatabase(url)} is as it was, and so are the media. ${error.message}`,
      );
    });

    const previous = moveAside(dataDir, [MEDIA], options.now ?? new Date());
    fs.renameSync(path.join(work, MEDIA), path.join(dataDir, MEDIA));
    // The served build shows the old data: the next start builds from the restored one.
    fs.rmSync(path.join(dataDir, 'builds', 'current.json'), { force: true });
    await checkCounts(url, manifest);
    return {
      manifest,
      replaced: target.tables.length > 0,
      previous,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The target database as it is: its shop's schema, that schema's tables, its extensions. */
async function inspect(url: string) {
  const client = await connectTo(url);
  try {
    const schema = (await client.query<{ name: string }>('SELECT current_schema() AS name')).rows[0]?.name;
    const extensions = (await client.query<{ name: string }>('SELECT extname AS name FROM pg_extension'))
      .rows;
    return {
      schema: schema ?? 'public',
      tables: await schemaTables(client),
      extensions: new Set(extensions.map((row) => row.name)),
    };
  } finally {
    await client.end();
  }
}

/** The tables of `schema` in the dump, from pg_restore --list ("224; 1259 17523 TABLE public orders owner"). */
function dumpedTables(contents: string, schema: string): Set<string> {
  const tables = new Set<string>();
  for (const line of contents.split('\n')) {
    const match = /^\d+; \d+ \d+ TABLE (?!DATA )(\S+) (\S+)/.exec(line);
    if (match?.[1] === schema && match[2]) tables.add(match[2]);
  }
  return tables;
}

/**
 * The dump's contents for --use-list, without the extensions the target has already (pg_trgm):
 * the same extension stays in place instead of being dropped and created again, which only its
 * owner may do, and a hosted database's extensions often belong to its administrator.
 */
function withoutExtensions(contents: string, installed: Set<string>): string {
  return contents
    .split('\n')
    .filter((line) => {
      const extension = /^\d+; \d+ \d+ (?:EXTENSION - |COMMENT - EXTENSION )(\S+)/.exec(line)?.[1];
      return !(extension && installed.has(extension));
    })
    .join('\n');
}

/** The restored tables hold the rows the manifest counted at backup time. */
async function checkCounts(url: string, manifest: Manifest): Promise<void> {
  const client = await connectTo(url);
  let restored: Record<string, number>;
  try {
    restored = await postgresTableCounts(client);
  } finally {
    await client.end();
  }
  const names = [...new Set([...Object.keys(manifest.tables), ...Object.keys(restored)])].sort();
  const differing = names
    .filter((name) => restored[name] !== manifest.tables[name])
    .map(
      (name) => `${name} ${restored[name] ?? 'missing'} rows (backup: ${manifest.tables[name] ?? 'none'})`,
    );
  if (differing.length > 0)
    throw new Error(
      `The restored database differs from the backup's manifest: ${differing.join(', ')}. The archive's dump and manifest disagree, or the shop wrote meanwhile: stop it and restore again.`,
    );
}
