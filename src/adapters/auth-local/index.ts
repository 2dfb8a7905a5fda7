import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '../../domain/account-form.ts';
import { LOGIN_MESSAGES } from '../../domain/messages.ts';
import { type AuthPort, credentialsSchema } from '../../ports/auth.ts';
import { AppError } from '../../ports/errors.ts';
import { inTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { accountLockedUntil, IP_WINDOW_MS, ipBlocked } from './throttle.ts';

// Verified against when the account does not exist, so both paths cost one scrypt.
const DUMMY_HASH = hashPassword('no-such-account');

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** A session's last use is written at most this often, so reading a session rarely writes. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;
const MAX_USER_AGENT = 300;
const userRowId = (userId: string) => (/^\d{1,15}$/.test(userId) ? Number(userId) : -1);

/** Local admin accounts: scrypt passwords, random session tokens stored hashed, throttled sign-in. */
export function createLocalAuth({ db }: Engine, options: { sessionTtlHours: number }): AuthPort {
  async function recordAttempt(email: string, ip: string, succeeded: boolean, userAgent = '') {
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
  }

  async function userById(userId: string) {
    return db.selectFrom('admin_users').selectAll().where('id', '=', userRowId(userId)).executeTakeFirst();
  }

  async function throttled(email: string, ip: string): Promise<boolean> {
    const since = new Date(Date.now() - IP_WINDOW_MS).toISOString();
    const ipFailures = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('succeeded', '=', 0)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    if (ipBlocked(Number(ipFailures.n))) return true;
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
  }

  return {
    async signIn(credentials, clientIp, userAgent = '') {
      const parsed = credentialsSchema.safeParse(credentials);
      if (!parsed.success) throw new AppError('invalid', LOGIN_MESSAGES['invalid-credential']);
      const email = parsed.data.email.toLowerCase();
      if (await throttled(email, clientIp)) {
        throw new AppError('rate_limited', LOGIN_MESSAGES['too-many-requests']);
      }
      const user = await db
        .selectFrom('admin_users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      const valid = await verifyPassword(parsed.data.password, user?.password_hash ?? (await DUMMY_HASH));
      await recordAttempt(email, clientIp, Boolean(user && valid), userAgent);
      // One message for unknown account and wrong password, so sign-in does not reveal who is an admin.
      if (!user || !valid) throw new AppError('unauthorized', LOGIN_MESSAGES['invalid-credential']);

      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + options.sessionTtlHours * 3_600_000);
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: user.id,
          created_at: new Date().toISOString(),
          expires_at: expiresAt.toISOString(),
          public_id: randomBytes(12).toString('base64url'),
          ip: clientIp,
          user_agent: userAgent.slice(0, MAX_USER_AGENT),
        })
        .execute();
      return { token, expiresAt, user: { id: String(user.id), email: user.email } };
    },

    async verifySession(token) {
      if (!token || token.length > 200) return null;
      const row = await db
        .selectFrom('sessions')
        .innerJoin('admin_users', 'admin_users.id', 'sessions.user_id')
        .select(['admin_users.id', 'admin_users.email', 'sessions.expires_at', 'sessions.last_seen_at'])
        .where('sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || Date.parse(row.expires_at) <= Date.now()) return null;
      const now = Date.now();
      if (row.last_seen_at === null || Date.parse(row.last_seen_at) < now - LAST_SEEN_EVERY_MS) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: new Date(now).toISOString() })
          .where('token_hash', '=', hashToken(token))
          .execute();
      }
      return { id: String(row.id), email: row.email };
    },

    async signOut(token) {
      await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },

    async listSessions(userId, currentToken) {
      const current = hashToken(currentToken);
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userRowId(userId))
        .where('expires_at', '>', new Date().toISOString())
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.public_id,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        expiresAt: row.expires_at,
        ip: row.ip,
        userAgent: row.user_agent,
        current: row.token_hash === current,
      }));
    },

    async endSession(userId, sessionId, currentToken) {
      const row =
        sessionId === ''
          ? undefined
          : await db
              .selectFrom('sessions')
              .select('token_hash')
              .where('user_id', '=', userRowId(userId))
              .where('public_id', '=', sessionId)
              .executeTakeFirst();
      if (!row) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
      if (row.token_hash === hashToken(currentToken))
        throw new AppError('conflict', ACCOUNT_MESSAGES.currentSession);
      await db.deleteFrom('sessions').where('token_hash', '=', row.token_hash).execute();
    },

    async endOtherSessions(userId, currentToken) {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userRowId(userId))
        .where('token_hash', '!=', hashToken(currentToken))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async changePassword(userId, currentPassword, newPassword, currentToken) {
      const user = await userById(userId);
      if (!user) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
      // The same throttle as sign-in: a stolen session cannot guess the password either.
      if (await throttled(user.email, `account:${user.id}`)) {
        throw new AppError('rate_limited', LOGIN_MESSAGES['too-many-requests']);
      }
      if (!(await verifyPassword(currentPassword, user.password_hash))) {
        await recordAttempt(user.email, `account:${user.id}`, false);
        throw new AppError('invalid', ACCOUNT_MESSAGES.invalid, {
          currentPassword: ACCOUNT_MESSAGES.currentWrong,
        });
      }
      const passwordHash = await hashPassword(newPassword);
      const keep = hashToken(currentToken);
      // One transaction: the new password and the end of every other session go together.
      await inTransaction(db, async (trx) => {
        await trx
          .updateTable('admin_users')
          .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
          .where('id', '=', user.id)
          .execute();
        await trx
          .deleteFrom('sessions')
          .where('user_id', '=', user.id)
          .where('token_hash', '!=', keep)
          .execute();
      });
    },

    async recentSignIns(userId, limit) {
      const user = await userById(userId);
      if (!user) return [];
      const rows = await db
        .selectFrom('login_attempts')
        .selectAll()
        .where('email', '=', user.email)
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
  };
}
