import type { TestProject } from 'vitest/node';
import { ensurePostgres, startPostgres } from '../../scripts/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run, or the one TEST_POSTGRES_URL names; tests make their
 * own databases on it (tests/helpers/postgres.ts). As the root's global setup it runs once, and
 * both projects get its URL.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_POSTGRES_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  ensurePostgres('the PostgreSQL tests');
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
