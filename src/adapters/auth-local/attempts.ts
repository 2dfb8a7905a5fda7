import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SignInRecord } from '../../ports/auth.ts';
import type { DB } from '../sqlite/schema.ts';
import { accountLockedUntil, IP_WINDOW_MS, ipBlocked } from './throttle.ts';

/**
 * Sign-in attempts in SQLite (table login_attempts) and the throttle over them, shared by every
 * auth adapter: whoever checks the proof, the server decides when an address or account must wait.
 */
export function createLoginAttempts(db: Kysely<DB>) {
  return {
    async record(email: string, ip: string, succeeded: boolean, userAgent = ''): Promise<void> {
      await db
        .insertInto('login_attempts')
        .values({
          email,
          ip,
          succeeded: succeeded ? 1 : 0,
          created_at: new Date().toISOString(),
          user_agent: userAgent.slice(0, MAX_USER_AGENT),
        })
        .execute();
    },

    /** An account's latest sign-ins (not its password-change checks), newest first. */
    async recent(email: string, limit: number): Promise<SignInRecord[]> {
      const rows = await db
        .selectFrom('login_attempts')
        .selectAll()
        .where('email', '=', email)
        .where('ip', 'not like', 'account:%')
        .orderBy('id', 'desc')
        .limit(Math.min(Math.max(Math.trunc(limit), 1), 100))
        .execute();
      return rows.map((row) => ({
        id: row.id,
        at: row.created_at,
        ip: row.ip,
        userAgent: row.user_agent,
        succeeded: row.succeeded === 1,
      }));
    },

    /** Whether the address failed too often within the window (per-IP rule). */
    async addressBlocked(ip: string): Promise<boolean> {
      const since = new Date(Date.now() - IP_WINDOW_MS).toISOString();
      const failures = await db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .where('succeeded', '=', 0)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return ipBlocked(Number(failures.n));
    },

    /** Whether the account's recent failures in a row lock it now (per-account rule). */
    async accountLocked(email: string): Promise<boolean> {
      const recent = await db
        .selectFrom('login_attempts')
        .select(['succeeded', 'created_at'])
        .where('email', '=', email)
        .orderBy('id', 'desc')
        .limit(64)
        .execute();
      const streak = recent.findIndex((attempt) => attempt.succeeded === 1);
      const failures = streak === -1 ? recent.length : streak;
      const last = recent[0] ? Date.parse(recent[0].created_at) : null;
      const lockedUntil = accountLockedUntil(failures, last);
      return lockedUntil !== null && lockedUntil > Date.now();
    },
  };
}

/** The longest user agent kept with a sign-in or a session. */
export const MAX_USER_AGENT = 300;

/** A new session token: 32 random bytes, given to the browser once and stored only as its hash. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('base64url');
