/**
 * Catalogue imports as jobs in the database (decision 053, amended): the worker that takes the
 * file queues it, the main process runs it, and any worker answers the dashboard's progress polls.
 * The file is kept only until the job has run.
 */
export const up = [
  `CREATE TABLE import_jobs (
     id TEXT PRIMARY KEY,
     state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
     total INTEGER NOT NULL,
     done INTEGER NOT NULL DEFAULT 0,
     file TEXT,
     origin TEXT NOT NULL,
     result TEXT,
     error TEXT,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
  'CREATE INDEX import_jobs_by_state ON import_jobs (state, created_at)',
];
