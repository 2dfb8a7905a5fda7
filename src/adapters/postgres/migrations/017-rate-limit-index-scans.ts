/**
 * The rate-limit function (migration 014) looks a key's hits up by its index, however few rows
 * the table held when a connection first ran it. PL/pgSQL keeps each statement's plan for the
 * connection's life, and one planned on a near-empty table (a fresh shop, or just after
 * autovacuum analysed it between busy hours) is a sequential scan: each later hit then read the
 * whole table, and the cost of every cart add and order grew with the hits in the window. Inside
 * the function only, sequential scans are off, so each plan takes the (rule, key, at) index.
 */
export const up = `
ALTER FUNCTION rate_limit_hit(text, text, bigint, bigint, integer) SET enable_seqscan = off;
`;
