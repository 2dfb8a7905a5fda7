import type { Selectable } from 'kysely';
import type { BuildRecord } from '../../domain/rebuild/build-record.ts';
import type { BuildsPort } from '../../ports/builds.ts';
import type { DB } from '../database/schema.ts';
import type { Engine } from '../sqlite/database.ts';

export type LocalBuildsOptions = {
  /**
   * Versions of data kept outside SQLite (a hosted documents backend), added to the counters, so
   * their changes make the storefront stale too. Each must only grow.
   */
  hostedVersions?: Array<() => Promise<number>>;
};

/** Build records in SQLite; the `building` row doubles as a cross-process single-flight lock. */
export function createLocalBuilds({ db, sqlite }: Engine, options: LocalBuildsOptions = {}): BuildsPort {
  // Stock moves with every sale and needs no rebuild: the islands show live stock (migration 013).
  const sumCounters = sqlite.prepare(
    "SELECT COALESCE(SUM(value), 0) AS version FROM counters WHERE name <> 'stock'",
  );
  const hostedVersions = options.hostedVersions ?? [];
  const contentVersion = async () => {
    let version = (sumCounters.get() as { version: number }).version;
    for (const hosted of hostedVersions) version += await hosted();
    return version;
  };

  // better-sqlite3 transactions are synchronous, so the check-then-insert below cannot interleave.
  const begin = sqlite.transaction((pid: number, contentVersion: number): number | null => {
    const running = sqlite
      .prepare("SELECT id, pid FROM storefront_builds WHERE status = 'building'")
      .all() as Array<{
      id: number;
      pid: number;
    }>;
    const now = new Date().toISOString();
    for (const build of running) {
      if (isAlive(build.pid)) return null;
      sqlite
        .prepare("UPDATE storefront_builds SET status = 'failed', error = ?, finished_at = ? WHERE id = ?")
        .run('Η δημιουργία διακόπηκε (ο διακομιστής σταμάτησε).', now, build.id);
    }
    const result = sqlite
      .prepare(
        "INSERT INTO storefront_builds (status, content_version, pid, started_at) VALUES ('building', ?, ?, ?)",
      )
      .run(contentVersion, pid, now);
    return Number(result.lastInsertRowid);
  });

  return {
    contentVersion,

    async requestRebuild() {
      await db
        .updateTable('counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'rebuild')
        .execute();
    },

    async begin(pid, contentVersion) {
      // Holding Kysely's connection lock keeps this synchronous transaction out of any open Kysely
      // transaction on the same connection (where it would only be a savepoint, undone on rollback).
      const id = await db.connection().execute(async () => begin.immediate(pid, contentVersion));
      return id === null
        ? null
        : toRecord(
            await db
              .selectFrom('storefront_builds')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow(),
          );
    },

    async progress(id, text) {
      await db
        .updateTable('storefront_builds')
        .set({ progress: text.slice(0, 200) })
        .where('id', '=', id)
        .execute();
    },

    async finish(id, result) {
      await db
        .updateTable('storefront_builds')
        .set(
          result.ok
            ? { status: 'succeeded', output_dir: result.outputDir, finished_at: new Date().toISOString() }
            : { status: 'failed', error: result.error.slice(0, 4000), finished_at: new Date().toISOString() },
        )
        .where('id', '=', id)
        .execute();
    },

    async state() {
      const version = await contentVersion();
      const latest = (status: BuildRecord['status']) =>
        db
          .selectFrom('storefront_builds')
          .selectAll()
          .where('status', '=', status)
          .orderBy('id', 'desc')
          .executeTakeFirst();
      const [current, running, failed] = await Promise.all([
        latest('succeeded'),
        latest('building'),
        latest('failed'),
      ]);
      const lastFailure = failed && (!current || failed.id > current.id) ? toRecord(failed) : null;
      const state = running
        ? 'building'
        : lastFailure
          ? 'failed'
          : current && current.content_version >= version
            ? 'up_to_date'
            : 'stale';
      return {
        state,
        contentVersion: version,
        current: current ? toRecord(current) : null,
        running: running ? toRecord(running) : null,
        lastFailure,
        lastSuccessAt: current?.finished_at ?? null,
      };
    },
  };
}

function toRecord(row: Selectable<DB['storefront_builds']>): BuildRecord {
  return {
    id: row.id,
    status: row.status,
    contentVersion: row.content_version,
    outputDir: row.output_dir,
    progress: row.progress,
    error: row.error,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
