/**
 * Whose build a record is (decision 096, SQLite's migration 025): every instance builds its own
 * storefront, so one row may be building per instance, not per shop. '' is the instance of a
 * shop that names none (INSTANCE_ID), as every record before.
 */
export const up = `
ALTER TABLE storefront_builds ADD COLUMN instance text NOT NULL DEFAULT '';
DROP INDEX storefront_builds_one_building;
CREATE UNIQUE INDEX storefront_builds_one_building ON storefront_builds (instance) WHERE status = 'building';
`;
