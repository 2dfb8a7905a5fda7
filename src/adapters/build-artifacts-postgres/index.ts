import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import type { BuildArtifactsPort } from '../../ports/build-artifacts.ts';
import { KEEP_SESSION } from '../builds-local/postgres-single-build.ts';
import type { PostgresEngine } from '../postgres/database.ts';
import { packFolder, unpackInto } from './archive.ts';

/** Builds kept per code key: the newest, and the one before for an instance still downloading it. */
const KEEP = 2;
/** The advisory lock of the instance that builds for all: "lead" in ASCII, one key per database. */
const LEAD_LOCK = 0x6c656164;

/**
 * Shared storefront builds in the shop's PostgreSQL database (table storefront_build_artifacts,
 * migrations 015 and 016). The right to build for all is a session advisory lock on a connection of its
 * own, as each instance's own build lock is (builds-local/postgres-single-build.ts): a process
 * that stops, however it stops, lets go of it.
 */
export function createPostgresBuildArtifacts({ db, pool }: PostgresEngine): BuildArtifactsPort {
  return {
    async latest(codeKey) {
      const row = await db
        .selectFrom('storefront_build_artifacts')
        .select(['id', 'content_version', 'built_by'])
        .where('code_key', '=', codeKey)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { id: row.id, contentVersion: Number(row.content_version), builtBy: row.built_by } : null;
    },

    async publish(codeKey, contentVersion, dir, builtBy) {
      const archive = await packFolder(dir);
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('storefront_build_artifacts')
          .values({ code_key: codeKey, content_version: contentVersion, built_by: builtBy, archive })
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
      });
    },

    async download(id, dir) {
      const row = await db
        .selectFrom('storefront_build_artifacts')
        .select('archive')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      if (fs.existsSync(dir)) throw new Error(`download: ${dir} exists already`);
      await unpackInto(row.archive, dir);
      return true;
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
