import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { addressKey } from '../../domain/auth/client-address.ts';
import { LOGIN_MESSAGES } from '../../domain/auth/login-messages.ts';
import type { SignInRecord } from '../../domain/auth/sign-in.ts';
import { AppError } from '../../domain/errors.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { inSyncTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { sqliteEngineOf } from '../sqlite/engine-of.ts';
import { prepared } from '../sqlite/prepared.ts';
import { decideOnPostgres, type OnAccountThrottledIn } from './attempts-postgres.ts';
import {
  type CountedAttempt,
  DEVICE_TRUST_MS,
  type Decision,
  type RuleCount,
  refusal,
  rulesFor,
  type ThrottleRule,
  WINDOW_MS,
} from './throttle.ts';

/** Who is signing in: the account (empty when the proof names none yet), address, browser. */
export type AttemptClient = {
  email: string;
  ip: string;
  userAgent?: string | undefined;
  /** The browser's device id from its cookie, as sent (checked here, stored only hashed). */
  device?: string | undefined;
};

/**
 * Told, inside the transaction that refused it, of an attempt held back by an account's rule: on
 * SQLite synchronously, through better-sqlite3; on PostgreSQL through Kysely.
 */
export type OnAccountThrottled = {
  sqlite(sqlite: Database.Database, email: string, ip: string, now: Date): void;
  postgres: OnAccountThrottledIn;
};

const FAILURES = `SELECT COUNT(*) AS failures, MIN(created_at) AS oldest FROM login_attempts
  WHERE succeeded = 0 AND counted = 1 AND created_at >= ?`;
const RULE_SQL: Record<ThrottleRule, string> = {
  device: `${FAILURES} AND device = ? AND email = ? AND trusted = 1`,
  pair: `${FAILURES} AND email = ? AND address = ? AND trusted = 0`,
  account: `${FAILURES} AND email = ? AND trusted = 0`,
  address: `${FAILURES} AND address = ? AND trusted = 0`,
};
const KNOWN_DEVICE = `SELECT 1 FROM login_attempts
  WHERE device = ? AND email = ? AND succeeded = 1 AND created_at >= ? LIMIT 1`;
const INSERT = `INSERT INTO login_attempts
  (email, ip, address, device, trusted, succeeded, pending, user_agent, created_at)
  VALUES (?, ?, ?, ?, ?, 0, 1, ?, ?) RETURNING id`;

const DEVICE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The throttle's decision on SQLite: the counts and the record in one synchronous transaction
 * (better-sqlite3, decision 009), which SQLite's one writer runs alone.
 */
function decideOnSqlite(
  engine: Engine,
  attempt: CountedAttempt,
  onAccountThrottled: OnAccountThrottled['sqlite'] | undefined,
): Promise<Decision> {
  const { sqlite } = engine;
  const { email, address, device, now } = attempt;
  const at = now.getTime();

  function counts(rules: ThrottleRule[], since: string) {
    return rules.map((rule): [ThrottleRule, RuleCount] => {
      const keys: Record<ThrottleRule, string[]> = {
        device: [device, email],
        pair: [email, address],
        account: [email],
        address: [address],
      };
      const row = prepared<{ failures: number; oldest: string | null }>(sqlite, RULE_SQL[rule]).get(
        since,
        ...keys[rule],
      );
      return [rule, { failures: row?.failures ?? 0, oldestAt: row?.oldest ? Date.parse(row.oldest) : null }];
    });
  }

  return inSyncTransaction(engine, () => {
    const known =
      attempt.brought &&
      email !== '' &&
      prepared(sqlite, KNOWN_DEVICE).get(device, email, iso(at - DEVICE_TRUST_MS)) !== undefined;
    const rules = rulesFor(email, known);
    const refused = refusal(counts(rules, iso(at - WINDOW_MS)), at);
    if (refused) {
      if (refused.rule !== 'address' && email !== '') onAccountThrottled?.(sqlite, email, attempt.ip, now);
      return refused;
    }
    const row = prepared<{ id: number }>(sqlite, INSERT).get(
      email,
      attempt.ip,
      address,
      device,
      known ? 1 : 0,
      attempt.userAgent,
      now.toISOString(),
    );
    return { id: row?.id ?? 0 };
  });
}

/**
 * Sign-in attempts in the shop's database (table login_attempts) and the throttle over them
 * (throttle.ts), shared by every auth adapter: whoever checks the proof, the server decides who
 * must wait. An attempt is counted and recorded in one transaction before its password is
 * checked, so however many arrive at once, from however many processes or instances, no more
 * wrong passwords are checked than the rules allow. That transaction is SQLite's synchronous hot
 * path on SQLite, and takes advisory locks on PostgreSQL (attempts-postgres.ts).
 */
export function createLoginAttempts(
  store: ShopDatabase,
  options: { onAccountThrottled?: OnAccountThrottled | undefined } = {},
) {
  const { db } = store;
  const engine = sqliteEngineOf(store);

  return {
    /**
     * Counts the attempt against the rules and records it as being checked, or refuses it with
     * the spec's too-many-requests message (with how long to wait). Resolves with the attempt's
     * id and the device id the browser should keep; `finish` records the outcome.
     */
    async begin(client: AttemptClient, now = new Date()): Promise<{ id: number; device: string }> {
      const email = client.email.toLowerCase();
      const given = client.device && DEVICE_PATTERN.test(client.device) ? client.device : null;
      const device = given ?? newDeviceId();
      const attempt: CountedAttempt = {
        email,
        ip: client.ip,
        // A password change is counted per account (`account:<id>`), not per network.
        address: client.ip.startsWith('account:') ? client.ip : addressKey(client.ip),
        device: hashDeviceId(device),
        brought: given !== null,
        userAgent: keptUserAgent(client.userAgent),
        now,
      };
      const decision = engine
        ? await decideOnSqlite(engine, attempt, options.onAccountThrottled?.sqlite)
        : await decideOnPostgres(store, attempt, options.onAccountThrottled?.postgres);
      if ('rule' in decision)
        throw new AppError('rate_limited', LOGIN_MESSAGES['too-many-requests'], {
          retryAfterSeconds: String(Math.ceil(decision.retryAfterMs / 1000)),
        });
      return { id: decision.id, device };
    },

    /** Records how a begun attempt ended; `email` names the account once the proof did. */
    async finish(id: number, succeeded: boolean, email?: string): Promise<void> {
      let update = db
        .updateTable('login_attempts')
        .set({ succeeded: succeeded ? 1 : 0, pending: 0 })
        .where('id', '=', id);
      if (email !== undefined) update = update.set({ email: email.toLowerCase() });
      await update.execute();
    },

    /** Takes back a begun attempt that checked nothing (the checking service did not answer). */
    async cancel(id: number): Promise<void> {
      await db.deleteFrom('login_attempts').where('id', '=', id).execute();
    },

    /** An account's latest sign-ins (not its password-change checks), newest first. */
    async recent(email: string, limit: number): Promise<SignInRecord[]> {
      const rows = await db
        .selectFrom('login_attempts')
        .selectAll()
        .where('email', '=', email)
        .where('ip', 'not like', 'account:%')
        .where('pending', '=', 0)
        .orderBy('id', 'desc')
        .limit(Number.isFinite(limit) ? Math.min(Math.max(Math.trunc(limit), 1), 100) : 100)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        at: row.created_at,
        ip: row.ip,
        userAgent: row.user_agent,
        succeeded: row.succeeded === 1,
      }));
    },

    /** Sign-in records older than a known browser's trust: nothing counts or shows them any more. */
    async purge(now = Date.now()): Promise<number> {
      const result = await db
        .deleteFrom('login_attempts')
        .where('created_at', '<', iso(now - DEVICE_TRUST_MS))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;

/**
 * Clears an account's throttle (a password reset from the command line): its failures stop
 * counting. `db` may be the caller's open transaction.
 */
export async function clearThrottle(db: Kysely<DB>, email: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({ counted: 0 })
    .where('email', '=', email.toLowerCase())
    .execute();
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The longest user agent kept with a sign-in or a session. */
export const MAX_USER_AGENT = 300;

/**
 * A browser's user agent as a sign-in or a session keeps it: cut to MAX_USER_AGENT, without NUL
 * characters, which PostgreSQL's text cannot hold (an HTTP header cannot carry them either).
 */
export const keptUserAgent = (userAgent = '') => userAgent.replaceAll('\0', '').slice(0, MAX_USER_AGENT);

/** A new session token: 32 random bytes, given to the browser once and stored only as its hash. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A browser's device id: like a session token, random, kept by the browser and stored hashed. */
const newDeviceId = newSessionToken;
const hashDeviceId = hashSessionToken;
