import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../sqlite/schema.ts';
import { accountLockedUntil, IP_WINDOW_MS, ipBlocked } from './throttle.ts';

/**
 * Sign-in attempts in SQLite (table login_attempts) and the throttle over them, shared by every
 * auth adapter: whoever checks the proof, the server decides when an address or account must wait.
 */
export function createLoginAttempts(db: Kysely<DB>) {
  return {
    async record(email: string, ip: string, succeeded: boolean): Promise<void> {
      await db
        .insertInto('login_attempts')
        .values({ email, ip, succeeded: succeeded ? 1 : 0, created_at: new Date().toISOString() })
        .execute();
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

/** A new session token: 32 random bytes, given to the browser once and stored only as its hash. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('base64url');
