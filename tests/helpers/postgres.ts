import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export type TestDatabase = { url: string; drop(): Promise<void> };

/**
 * A database of its own on the run's PostgreSQL server (tests/setup/postgres.ts): a copy of the
 * run's migrated template, or with `empty` a blank one. Workers run side by side on one server,
 * so the name is random.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = inject('postgresUrl');
  const name = `cardshop_test_${randomBytes(8).toString('hex')}`;
  // A copy of the run's migrated template, unless the test is about migrating an empty one.
  const template = options.empty ? 'template0' : inject('postgresTemplate');
  await runOnServer(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE: a pool the test forgot to close must not keep its database.
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function runOnServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
