/**
 * Rate limits live in the database, so every process of the shop shares them and a restart
 * forgives no one: one row per counted hit, kept while it is inside its rule's window.
 */
export const up = [
  `CREATE TABLE rate_limit_hits (
     rule TEXT NOT NULL,
     key TEXT NOT NULL,
     at INTEGER NOT NULL
   )`,
  'CREATE INDEX rate_limit_hits_by_key ON rate_limit_hits (rule, key, at)',
  'CREATE INDEX rate_limit_hits_by_age ON rate_limit_hits (at)',
];
