import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements for the hot queries on PostgreSQL (decision 104). node-postgres sends
 * a query's text to be parsed and planned each time, unless the query has a name: then each
 * connection parses it once, and after a few runs PostgreSQL keeps one plan for it. Planning the
 * cart's read (six tables and a lateral join) costs PostgreSQL about four times its running.
 * Only queries marked here get a name, so a connection keeps a few statements, not one for each
 * length of an IN list or a bulk insert.
 */
const names = new Map<string, string>();

/** Marks a compiled query to run as a named prepared statement, on whatever connection runs it. */
export function preparedStatement<Q extends CompiledQuery>(query: Q): Q {
  if (!names.has(query.sql))
    names.set(query.sql, `shop_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`);
  return query;
}

/** Makes a pool's new connection run the marked queries (Kysely sends text and values) by name. */
export function runMarkedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? names.get(text) : undefined;
    return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
  }) as typeof client.query;
}
