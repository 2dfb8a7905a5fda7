/**
 * When each periodic duty last ran (decision 096): instances that share a database run a duty
 * such as the cart purge once per period between them, not once each.
 */
export const up = ['CREATE TABLE periodic_runs (name TEXT PRIMARY KEY, last_run_at TEXT NOT NULL)'];
