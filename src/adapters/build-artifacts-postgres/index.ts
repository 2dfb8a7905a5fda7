import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import type { BuildArtifactsPort } from '../../ports/build-artifacts.ts';
import { KEEP_SESSION } from '../builds-local/postgres-single-build.ts';
import type { PostgresEngine } from '../postgres/database.ts';
import {
  changedFiles,
  type FileHashes,
  hashFiles,
  packFiles,
  packFolder,
  unpackInto,
  unpackOnto,
} from './archive.ts';

/** Builds kept per code key: the newest, and the one before for an instance still downloading it. */
const KEEP = 2;
/** The advisory lock of the instance that builds for all: "lead" in ASCII, one key per database. */
const LEAD_LOCK = 0x6c656164;

/**
 * Shared storefront builds in the shop's PostgreSQL database (table storefront_build_artifacts,
 * migrations 015 and 016): each as the files changed since the one before, then whole. The right
 * to build for all is a session advisory lock on a connection of its own, as each instance's own
 * build lock is (builds-local/postgres-single-build.ts): a process that stops, however it stops,
 * lets go of it.
 */
export function createPostgresBuildArtifacts({ db, pool }: PostgresEngine): BuildArtifactsPort {
  /** One of a stored build's archives; null once that build is gone. */
  async function bytesOf(id: number, column: 'changes' | 'archive'): Promise<Buffer | null> {
    const row = await db
      .selectFrom('storefront_build_artifacts')
      .select(column)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.[column] ?? null;
  }

  return {
    async latest(codeKey, served) {
      const row = await db
        .selectFrom('storefront_build_artifacts')
        .select(['id', 'content_version', 'built_by'])
        .where('code_key', '=', codeKey)
        .where((eb) =>
          eb.or([
            eb('archive', 'is not', null),
            eb.and([eb('changes', 'is not', null), eb('base_id', '=', served ?? -1)]),
          ]),
        )
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { id: row.id, contentVersion: Number(row.content_version), builtBy: row.built_by } : null;
    },

    async publish(codeKey, contentVersion, dir, builtBy) {
      const files = await hashFiles(dir);
      const base = await db
        .selectFrom('storefront_build_artifacts')
        .select(['id', 'files'])
        .where('code_key', '=', codeKey)
        .where('files', 'is not', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const changes = base ? await packFiles(dir, changedFiles(base.files as FileHashes, files)) : null;
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('storefront_build_artifacts')
          .values({
            code_key: codeKey,
            content_version: contentVersion,
            built_by: builtBy,
            base_id: base?.id ?? null,
            files: JSON.stringify(files),
            changes,
            archive: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Older builds go, of every code key: an instance on older code builds for itself.
        await trx
          .deleteFrom('storefront_build_artifacts')
          .where('id', 'not in', (eb) =>
            eb
              .selectFrom('storefront_build_artifacts')
              .select('id')
              .where('code_key', '=', codeKey)
              .orderBy('id', 'desc')
              .limit(KEEP),
          )
          .where('id', '<', id)
          .execute();
        return id;
      });
      const whole = packFolder(dir).then(async (archive) => {
        await db.updateTable('storefront_build_artifacts').set({ archive }).where('id', '=', id).execute();
      });
      return { id, whole };
    },

    async download(id, dir, served) {
      if (fs.existsSync(dir)) throw new Error(`download: ${dir} exists already`);
      const row = await db
        .selectFrom('storefront_build_artifacts')
        .select((eb) => [
          'base_id',
          'files',
          eb('changes', 'is not', null).as('has_changes'),
          eb('archive', 'is not', null).as('whole'),
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      if (served && row.has_changes && row.base_id === served.id && fs.existsSync(served.dir)) {
        const changes = await bytesOf(id, 'changes');
        if (!changes) return null;
        await unpackOnto(served.dir, changes, row.files as FileHashes, dir);
        return 'changes';
      }
      const archive = row.whole ? await bytesOf(id, 'archive') : null;
      if (!archive) return null;
      await unpackInto(archive, dir);
      return 'whole';
    },

    async tryLead() {
      // Instances ask again and again while one builds: a connection of their own is opened only
      // when the lock looks free.
      const { rows: held } = await sql<{ held: boolean }>`
        SELECT EXISTS (
          SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND classid = ${LEAD_LOCK} AND objid = 0 AND objsubid = 2
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        ) AS held`.execute(db);
      if (held[0]?.held) return null;
      const session = new pg.Client(pool.options);
      session.on('error', () => undefined);
      try {
        await session.connect();
        const { rows } = await session.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1, 0) AS locked',
          [LEAD_LOCK],
        );
        if (!rows[0]?.locked) {
          await session.end();
          return null;
        }
        await session.query(KEEP_SESSION);
      } catch (error) {
        await session.end().catch(() => undefined);
        throw error;
      }
      return async () => {
        await session.end().catch(() => undefined);
      };
    },
  };
}
