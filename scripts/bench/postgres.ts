import fs from 'node:fs';
import pg from 'pg';
import { startPostgres } from '../postgres.ts';

/**
 * The bench's own PostgreSQL (`--database postgres`): a throwaway server from scripts/postgres.ts,
 * which runs with fsync, synchronous_commit and full_page_writes off (its settings for tests), and
 * is deleted when the run ends.
 */
export type BenchPostgres = {
  url: string;
  /** e.g. `15.18`, for the table's notes. */
  version: string;
  /** The postmaster's process id: its tree is the database's memory, apart from the shop's. */
  pid: number;
  stop(): Promise<void>;
};

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const server = await startPostgres();
  try {
    const { version, pid } = await query(server.url, async (client) => {
      const row = (await client.query('SELECT version() AS version, pg_backend_pid() AS backend')).rows[0];
      // A connection's backend is a child of the postmaster; read while the backend is still there.
      return {
        version: /PostgreSQL (\S+)/.exec(String(row?.version))?.[1] ?? '?',
        pid: parentPid(row?.backend),
      };
    });
    return { url: server.url, version, pid, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * VACUUM ANALYZE after the seed: autovacuum would get to the new rows within a minute or so,
 * maybe in the middle of a load; done now, every load runs on the statistics and the visibility
 * map a shop has between two imports (SQLite's writers keep its statistics themselves, decision 072).
 */
export async function vacuumAnalyze(url: string): Promise<void> {
  await query(url, (client) => client.query('VACUUM ANALYZE'));
}

async function query<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function parentPid(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the ppid follows the last ')'.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
