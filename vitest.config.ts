import { defineConfig } from 'vitest/config';

/**
 * Tests that start processes: the real server (a storefront build, worker processes) to serve,
 * crash or flood, three of them behind nginx (the cluster), the backup and restore commands, the
 * bench's own checks, PostgreSQL servers stopped and started again; the race tests
 * (`*.races.test.ts`: thousands of operations against PostgreSQL, writes racing from processes of
 * their own); and the load tests (`*.load.test.ts`: a 10,000-row catalogue import). Seconds each. Everything else is
 * the quick project, which `npm test -- quick` runs before a commit.
 */
const PROCESSES = [
  'tests/server/serving/**',
  'tests/crash/**',
  'tests/cluster/**',
  'tests/fuzz/**',
  'tests/scripts/bench/**',
  'tests/scripts/backup/**',
  'tests/**/*.races.test.ts',
  'tests/**/*.load.test.ts',
  // Stops and starts PostgreSQL servers of its own.
  'tests/adapters/postgres/unavailable.test.ts',
];

/**
 * `npm test -- quick` sets TEST_DATABASES=sqlite: the suites that run on both of the shop's
 * databases run on SQLite alone there (tests/helpers/databases.ts), and the PostgreSQL copies of
 * the contract suites wait for the full run. The PostgreSQL engine's own tests stay in.
 */
const POSTGRES_COPIES = process.env.TEST_DATABASES === 'sqlite' ? ['tests/**/*.postgres.test.ts'] : [];

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // The root's global setup runs once per run, for both projects.
    globalSetup: ['tests/setup/postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'quick',
          include: ['tests/**/*.test.ts'],
          exclude: [...PROCESSES, ...POSTGRES_COPIES],
          // Files share their worker process and its module cache: each opens its own shop on a
          // temp folder, so a fresh process per file only cost its start (decision 078).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESSES.map((glob) => (glob.endsWith('.test.ts') ? glob : `${glob}/*.test.ts`)),
        },
      },
    ],
  },
});
