/**
 * The version counters (SQLite's migrations 001, 013 and 016): each moves in the same transaction
 * as the change it counts, so the storefront's content version and the rebuilds follow every
 * instance's writes.
 */
export const up = `
CREATE TABLE counters (
  name text PRIMARY KEY,
  value bigint NOT NULL
);
INSERT INTO counters (name, value)
  VALUES ('catalog', 0), ('documents', 0), ('rebuild', 0), ('stock', 0), ('settings', 0);
`;
