import { isAlive } from '../../lib/process-alive.ts';
import type { Engine } from '../sqlite/database.ts';
import { INTERRUPTED, type SingleBuild } from './single-build.ts';

/**
 * One build at a time on SQLite: the `building` row is the lock, and its process's pid says
 * whether it still holds it (every process of a SQLite shop runs on the one machine, as one
 * instance; its records carry the instance's name all the same).
 */
export function sqliteSingleBuild({ db, sqlite }: Engine, instance: string): SingleBuild {
  // better-sqlite3 transactions are synchronous, so the check-then-insert below cannot interleave.
  const begin = sqlite.transaction((pid: number, contentVersion: number): number | null => {
    const running = sqlite
      .prepare("SELECT id, pid FROM storefront_builds WHERE status = 'building' AND instance = ?")
      .all(instance) as Array<{
      id: number;
      pid: number;
    }>;
    const now = new Date().toISOString();
    for (const build of running) {
      if (isAlive(build.pid)) return null;
      sqlite
        .prepare("UPDATE storefront_builds SET status = 'failed', error = ?, finished_at = ? WHERE id = ?")
        .run(INTERRUPTED, now, build.id);
    }
    const result = sqlite
      .prepare(
        "INSERT INTO storefront_builds (status, content_version, pid, started_at, instance) VALUES ('building', ?, ?, ?, ?)",
      )
      .run(contentVersion, pid, now, instance);
    return Number(result.lastInsertRowid);
  });

  return {
    // Holding Kysely's connection lock keeps this synchronous transaction out of any open Kysely
    // transaction on the same connection (where it would only be a savepoint, undone on rollback).
    begin: (pid, contentVersion) => db.connection().execute(async () => begin.immediate(pid, contentVersion)),
    release: async () => undefined,
  };
}
