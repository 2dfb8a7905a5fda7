/**
 * Whose build a record is (decision 096): on PostgreSQL every instance builds its own storefront,
 * one build at a time per instance. A SQLite shop is one instance, '' like every record before.
 */
export const up = ["ALTER TABLE storefront_builds ADD COLUMN instance TEXT NOT NULL DEFAULT ''"];
