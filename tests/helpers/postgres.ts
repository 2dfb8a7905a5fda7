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

/**
 * One connection per test process for creating and dropping databases, not two per test: each
 * connection is a server process forked and set up. A connection that fails to open, fails or
 * ends is replaced at the next statement.
 */
let admin: Promise<pg.Client> | null = null;

function adminClient(url: string): Promise<pg.Client> {
  if (!admin) {
    const client = new pg.Client({ connectionString: url });
    const current = client.connect().then(
      () => client,
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    const forget = () => {
      if (admin === current) admin = null;
    };
    client.on('error', forget);
    client.on('end', forget);
    admin = current;
  }
  return admin;
}

async function runOnServer(url: string, sql: string): Promise<void> {
  await (await adminClient(url)).query(sql);
}
