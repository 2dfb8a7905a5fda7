import { sql } from 'kysely';
import pg from 'pg';
import { log } from '../../lib/log.ts';
import type { PostgresEngine } from '../postgres/database.ts';
import { INTERRUPTED, type SingleBuild } from './single-build.ts';

/**
 * The advisory lock an instance holds while it builds: "buil" in ASCII and the instance's name,
 * hashed, as PostgreSQL's two-key form (pg_locks shows them as classid and objid, objsubid 2).
 */
const BUILD_LOCK = 0x6275696c;

/**
 * The lock's session sits idle for the whole build: no idle timeout of the server's may end it,
 * and the server lets go of it within about a minute and a half when the machine holding it is
 * gone (TCP keepalives; a process that merely stops closes its connection at once).
 */
export const KEEP_SESSION = [
  'SET idle_session_timeout = 0',
  'SET tcp_keepalives_idle = 60',
  'SET tcp_keepalives_interval = 10',
  'SET tcp_keepalives_count = 3',
].join('; ');

/**
 * One build at a time per instance on PostgreSQL (each instance builds its own storefront,
 * decision 096). The processes of an instance (`npm start`, `npm run rebuild`) share its name,
 * and a pid says nothing on another machine: the building process holds a session advisory lock
 * on the instance's name, on a connection of its own, until its build's record has ended. A
 * process that stops, however it stops, closes that connection and so lets go. Only the lock's
 * holder writes a `building` row for the instance, having first marked failed any that a stopped
 * process left; the unique index `storefront_builds_one_building` admits one such row per
 * instance all the same.
 */
export function postgresSingleBuild({ db, pool }: PostgresEngine, instance: string): SingleBuild {
  const held = new Map<number, pg.Client>();

  /** Whether a session holds the lock now: a look at pg_locks, which takes nothing itself. */
  const someoneBuilds = async () => {
    const { rows } = await sql<{ held: boolean }>`
      SELECT EXISTS (
        SELECT 1 FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND objsubid = 2 AND classid = ${BUILD_LOCK}
          AND objid::bigint = (hashtext(${instance})::bigint + 4294967296) % 4294967296
      ) AS held`.execute(db);
    return rows[0]?.held === true;
  };

  /** Marks failed the instance's builds whose process stopped, and records this one; in one transaction. */
  const record = async (session: pg.Client, pid: number, contentVersion: number) => {
    const now = new Date().toISOString();
    const orphans = db
      .updateTable('storefront_builds')
      .set({ status: 'failed', error: INTERRUPTED, finished_at: now })
      .where('status', '=', 'building')
      .where('instance', '=', instance)
      .compile();
    const insert = db
      .insertInto('storefront_builds')
      .values({ status: 'building', content_version: contentVersion, pid, started_at: now, instance })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .compile();
    // A failure here ends the session (begin), which rolls the transaction back.
    await session.query('BEGIN');
    await session.query(orphans.sql, [...orphans.parameters]);
    const { rows } = await session.query<{ id: number }>(insert.sql, [...insert.parameters]);
    await session.query('COMMIT');
    return rows[0]?.id ?? null;
  };

  return {
    async begin(pid, contentVersion) {
      // An instance asks again and again while another one builds (rebuild-service.ts): a
      // connection of its own is opened only when the lock looks free.
      if (await someoneBuilds()) return null;
      // The pool's settings (address, UTC, the value parsers), outside the pool's count: the
      // pool may close an idle connection of its own, and with it the lock.
      const session = new pg.Client(pool.options);
      let id: number | null = null;
      session.on('error', () => undefined);
      session.on('end', () => {
        if (id !== null && held.delete(id))
          log.warn('The storefront build lost its lock on PostgreSQL: another instance may build too', {
            buildId: id,
          });
      });
      try {
        await session.connect();
        const { rows } = await session.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
          [BUILD_LOCK, instance],
        );
        if (rows[0]?.locked) {
          await session.query(KEEP_SESSION);
          id = await record(session, pid, contentVersion);
        }
      } catch (error) {
        await session.end().catch(() => undefined);
        throw error;
      }
      if (id === null) {
        await session.end();
        return null;
      }
      held.set(id, session);
      return id;
    },

    async release(id) {
      const session = held.get(id);
      if (!session) return;
      held.delete(id);
      await session.end().catch(() => undefined);
    },
  };
}
