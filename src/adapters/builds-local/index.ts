import type { Selectable } from 'kysely';
import type { BuildRecord } from '../../domain/rebuild/build-record.ts';
import type { BuildsPort } from '../../ports/builds.ts';
import type { DB } from '../database/schema.ts';
import type { PostgresEngine } from '../postgres/database.ts';
import type { Engine } from '../sqlite/database.ts';
import { postgresSingleBuild } from './postgres-single-build.ts';
import { sqliteSingleBuild } from './sqlite-single-build.ts';

export type LocalBuildsOptions = {
  /**
   * Versions of data kept outside the shop's database (a hosted documents backend), added to the
   * counters, so their changes make the storefront stale too. Each must only grow.
   */
  hostedVersions?: Array<() => Promise<number>>;
  /**
   * Whose builds these are (INSTANCE_ID; '' by default): each instance of the shop builds and
   * serves its own storefront, one build at a time (decision 096).
   */
  instance?: string;
};

/**
 * Build records in the shop's database, SQLite or PostgreSQL (table storefront_builds), each
 * instance's apart. One build runs at a time in an instance, across its processes; how that holds
 * is each database's own (sqlite-single-build.ts, postgres-single-build.ts).
 */
export function createLocalBuilds(
  store: Engine | PostgresEngine,
  options: LocalBuildsOptions = {},
): BuildsPort {
  const { db } = store;
  const instance = options.instance ?? '';
  const single =
    store.dialect === 'sqlite' ? sqliteSingleBuild(store, instance) : postgresSingleBuild(store, instance);
  const hostedVersions = options.hostedVersions ?? [];
  const contentVersion = async () => {
    // Stock moves with every sale and needs no rebuild: the islands show live stock (migration 013).
    const { sum } = await db
      .selectFrom('counters')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('value'), eb.lit(0)).as('sum'))
      .where('name', '<>', 'stock')
      .executeTakeFirstOrThrow();
    let version = sum;
    for (const hosted of hostedVersions) version += await hosted();
    return version;
  };

  return {
    contentVersion,

    async requestRebuild() {
      await db
        .updateTable('counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'rebuild')
        .execute();
    },

    async rebuildRequests() {
      const row = await db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'rebuild')
        .executeTakeFirst();
      return row?.value ?? 0;
    },

    async begin(pid, contentVersion) {
      const id = await single.begin(pid, contentVersion);
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
      // Only once the record says it has ended: another instance would take a `building` row
      // whose lock is free for one a stopped process left.
      await single.release(id);
    },

    async state() {
      const version = await contentVersion();
      const latest = (status: BuildRecord['status']) =>
        db
          .selectFrom('storefront_builds')
          .selectAll()
          .where('status', '=', status)
          .where('instance', '=', instance)
          .orderBy('id', 'desc')
          .limit(1)
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
