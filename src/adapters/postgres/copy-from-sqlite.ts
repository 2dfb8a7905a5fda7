import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { customerFolded } from '../commerce-local/order-search.ts';

/** Rows sent to PostgreSQL per INSERT: well under its 65,535 parameters for the widest table. */
const BATCH_ROWS = 500;

type Column = { name: string; type: string };
type Row = Record<string, unknown>;

/**
 * Columns only PostgreSQL keeps, made from the row as the shop makes them when it writes one:
 * the orders' folded shopper fields, which SQLite folds as it searches instead.
 */
const DERIVED: Record<string, Record<string, (row: Row) => unknown>> = {
  orders: {
    customer_folded: (row) =>
      customerFolded({
        name: String(row.customer_name),
        email: String(row.email),
        phone: String(row.phone),
      }),
  },
};
type Table = { name: string; columns: Column[]; key: string[] };

export type TableCopy = { table: string; rows: number; checksum: string };

export class CopyRefusedError extends Error {}

/**
 * Copies every table of the shop's PostgreSQL schema from the SQLite database, in one transaction:
 * all of it or nothing. The target must hold no shop data (only what its migrations put there),
 * unless `replace` says to empty it first. Afterwards each table is read back from both sides in
 * key order and compared (row count and a SHA-256 of its rows); a difference rolls it all back.
 * Tables only SQLite has (its full-text index, its planner statistics, its outbox counts) are
 * SQLite's own machinery and are not copied.
 */
export async function copyFromSqlite(
  sqlite: Database.Database,
  pool: pg.Pool,
  options: { replace?: boolean; onTable?: (copy: TableCopy) => void } = {},
): Promise<TableCopy[]> {
  const client = await pool.connect();
  try {
    const tables = await schemaTables(client);
    const missing = tables.filter((table) => !sqliteHas(sqlite, table.name)).map((table) => table.name);
    if (missing.length > 0)
      throw new CopyRefusedError(
        `The SQLite database has no ${missing.join(', ')}: start the shop once on it to bring it up to date.`,
      );
    await client.query('BEGIN');
    try {
      const filled = await tablesWithData(client, tables);
      if (filled.length > 0 && !options.replace)
        throw new CopyRefusedError(
          `The PostgreSQL database already holds shop data (${filled.join(', ')}). Copy into an empty database, or pass --replace to overwrite it.`,
        );
      // Seeded rows (counters, the default location) are replaced by SQLite's.
      await client.query(`TRUNCATE ${tables.map((table) => quote(table.name)).join(', ')} RESTART IDENTITY`);
      // Triggers would move counters and copy prices while rows arrive; the copy brings their results.
      for (const table of tables) await client.query(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`);
      for (const table of tables) await copyTable(sqlite, client, table);
      for (const table of tables) await client.query(`ALTER TABLE ${quote(table.name)} ENABLE TRIGGER USER`);
      await restartIdentities(client, tables);
      const copies: TableCopy[] = [];
      for (const table of tables) {
        const source = checksum(table, [...sqliteRows(sqlite, table)]);
        const target = checksum(table, await postgresRows(client, table));
        if (source.rows !== target.rows || source.digest !== target.digest)
          throw new Error(
            `${table.name}: the copy differs from SQLite (${source.rows} rows there, ${target.rows} here); nothing was kept.`,
          );
        const copy = { table: table.name, rows: target.rows, checksum: target.digest };
        copies.push(copy);
        options.onTable?.(copy);
      }
      await client.query('COMMIT');
      return copies;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
  }
}

/**
 * The shop's tables in PostgreSQL, with their columns and primary keys: not the migrations' own
 * table, nor the storefront builds shared between instances (PostgreSQL's alone, and made again
 * from the data).
 */
async function schemaTables(client: pg.PoolClient): Promise<Table[]> {
  const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name NOT IN ('migrations', 'storefront_build_artifacts')
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const { rows: keys } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT tc.table_name, k.column_name
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage k USING (constraint_schema, constraint_name, table_name)
      WHERE tc.table_schema = current_schema() AND tc.constraint_type = 'PRIMARY KEY'
      ORDER BY tc.table_name, k.ordinal_position`,
  );
  const tables = new Map<string, Table>();
  for (const row of rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], key: [] };
    table.columns.push({ name: row.column_name, type: row.data_type });
    tables.set(row.table_name, table);
  }
  for (const key of keys) tables.get(key.table_name)?.key.push(key.column_name);
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent
       FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
  );
  return parentsFirst([...tables.values()], links);
}

/** Tables ordered so that each comes after the tables its foreign keys point to. */
function parentsFirst(tables: Table[], links: Array<{ child: string; parent: string }>): Table[] {
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const place = (table: Table, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const link of links)
      if (link.child === table.name && link.parent !== table.name) {
        const parent = tables.find((candidate) => candidate.name === link.parent);
        if (parent) place(parent, path);
      }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

function sqliteHas(sqlite: Database.Database, table: string): boolean {
  return (
    sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined
  );
}

/** Tables holding rows a migration did not put there. */
async function tablesWithData(client: pg.PoolClient, tables: Table[]): Promise<string[]> {
  const seeded: Record<string, string> = {
    // Migration 002's counters at zero, and 007's one location.
    counters: 'SELECT 1 FROM counters WHERE value <> 0 LIMIT 1',
    locations: "SELECT 1 FROM locations WHERE id <> 1 OR name <> 'Κατάστημα' LIMIT 1",
  };
  const filled: string[] = [];
  for (const table of tables) {
    const probe = seeded[table.name] ?? `SELECT 1 FROM ${quote(table.name)} LIMIT 1`;
    if ((await client.query(probe)).rowCount) filled.push(table.name);
  }
  return filled;
}

async function copyTable(sqlite: Database.Database, client: pg.PoolClient, table: Table): Promise<void> {
  const names = table.columns.map((column) => column.name);
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map(
      (_, row) => `(${names.map((__, column) => `$${row * names.length + column + 1}`).join(', ')})`,
    );
    await client.query(
      `INSERT INTO ${quote(table.name)} (${names.map(quote).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${values.join(', ')}`,
      batch.flat(),
    );
    batch = [];
  };
  for (const row of sqliteRows(sqlite, table)) {
    batch.push(row.map((value) => (typeof value === 'bigint' ? value.toString() : value)));
    if (batch.length === BATCH_ROWS) await flush();
  }
  await flush();
}

/** Identity columns continue after the highest id copied. */
async function restartIdentities(client: pg.PoolClient, tables: Table[]): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_identity = 'YES'`,
  );
  const copied = new Set(tables.map((table) => table.name));
  for (const { table_name: table, column_name: column } of rows) {
    if (!copied.has(table)) continue;
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`,
      [table, column],
    );
  }
}

function orderBy(table: Table): string {
  const key = table.key.length > 0 ? table.key : table.columns.map((column) => column.name);
  return key.map((name) => `${quote(name)} COLLATE "C"`).join(', ');
}

/** The table's rows from SQLite in key order, as PostgreSQL's columns, derived ones made on the way. */
function* sqliteRows(sqlite: Database.Database, table: Table): Generator<unknown[]> {
  const derived = DERIVED[table.name] ?? {};
  const stored = table.columns.filter((column) => !(column.name in derived)).map((column) => column.name);
  // SQLite orders text with its BINARY collation, byte by byte, as COLLATE "C" does.
  const keys = (table.key.length > 0 ? table.key : stored).map(quote);
  const select = sqlite.prepare(
    `SELECT ${stored.map(quote).join(', ')} FROM ${quote(table.name)} ORDER BY ${keys.join(', ')}`,
  );
  for (const row of select.iterate() as Iterable<Row>)
    yield table.columns.map((column) => derived[column.name]?.(row) ?? row[column.name]);
}

async function postgresRows(client: pg.PoolClient, table: Table): Promise<unknown[][]> {
  const names = table.columns.map((column) => quote(column.name)).join(', ');
  const { rows } = await client.query({
    text: `SELECT ${names} FROM ${quote(table.name)} ORDER BY ${orderBy(table).replaceAll(' COLLATE "C"', '')}`,
    rowMode: 'array',
  });
  return rows as unknown[][];
}

/** Rows in one canonical form whichever side they come from: timestamps as ISO-8601, numbers as numbers. */
function checksum(table: Table, rows: unknown[][]): { rows: number; digest: string } {
  const hash = createHash('sha256');
  for (const row of rows) {
    const canonical = row.map((value, at) => {
      if (value === null || value === undefined) return null;
      const type = table.columns[at]?.type ?? '';
      if (type.startsWith('timestamp')) return new Date(value as string).toISOString();
      if (
        typeof value === 'bigint' ||
        ['integer', 'bigint', 'smallint', 'double precision', 'numeric'].includes(type)
      )
        return Number(value);
      return value;
    });
    hash.update(JSON.stringify(canonical));
    hash.update('\n');
  }
  return { rows: rows.length, digest: hash.digest('hex') };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
