/**
 * When each periodic duty last ran (decision 096, SQLite's migration 026): instances that share
 * the database run a duty such as the cart purge once per period between them, not once each.
 */
export const up = `
CREATE TABLE periodic_runs (
  name text PRIMARY KEY,
  last_run_at timestamptz NOT NULL
);
`;
