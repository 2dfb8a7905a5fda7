import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensurePostgres, startPostgres } from '../../scripts/postgres.ts';
import { migrate } from '../../src/adapters/postgres/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database with every migration applied, to copy for each test (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * Migrates a template database once per run: copying it is a file copy, where migrating each
 * test's database took a few hundred milliseconds.
 */
async function migratedTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `cardshop_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  return {
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => client.end());
    },
  };
}

/**
 * One PostgreSQL server for the whole run, or the one TEST_POSTGRES_URL names; tests make their
 * own databases on it (tests/helpers/postgres.ts). As the root's global setup it runs once, and
 * both projects get its URL.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_POSTGRES_URL;
  if (!given) ensurePostgres('the PostgreSQL tests');
  const server = given ? null : await startPostgres();
  const url = given ?? (server?.url as string);
  const template = await migratedTemplate(url);
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', template.name);
  return async () => {
    await template.drop();
    await server?.stop();
  };
}
