import pg from 'pg';
import {
  DatabaseUnavailableError,
  describeConnectionError,
} from '../../src/adapters/postgres/connection-error.ts';

/**
 * A plain connection to the database at `url`, without migrating it (a backup reads the database
 * as it is; a restore replaces it). One that cannot be made throws DatabaseUnavailableError with
 * one line to show, the password masked.
 */
export async function connectTo(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A connection the server drops reports an error event too; the query that failed says why.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new DatabaseUnavailableError(describeConnectionError(url, error), { cause: error });
  }
  return client;
}

/** The tables of the schema the shop's connection uses, by name. */
export async function schemaTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  return rows.map((row) => row.name);
}

/** Every table of the shop's schema with its row count, as manifest.ts's tableCounts for SQLite. */
export async function postgresTableCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await schemaTables(client)) {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`,
    );
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
