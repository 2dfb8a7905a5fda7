import type Database from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';

/** SQLite's plan for a compiled Kysely query, one step per line (`EXPLAIN QUERY PLAN`). */
export function queryPlan(sqlite: Database.Database, compiled: CompiledQuery): string {
  const rows = sqlite
    .prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`)
    .all(...(compiled.parameters as unknown[])) as Array<{ detail: string }>;
  return rows.map((row) => row.detail).join('\n');
}
