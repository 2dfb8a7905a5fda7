import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_MESSAGES } from '../../domain/messages.ts';
import { type AuthPort, credentialsSchema } from '../../ports/auth.ts';
import { AppError } from '../../ports/errors.ts';
import type { Engine } from '../sqlite/database.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { accountLockedUntil, IP_WINDOW_MS, ipBlocked } from './throttle.ts';

// Verified against when the account does not exist, so both paths cost one scrypt.
const DUMMY_HASH = hashPassword('no-such-account');

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Local admin accounts: scrypt passwords, random session tokens stored hashed, throttled sign-in. */
export function createLocalAuth({ db }: Engine, options: { sessionTtlHours: number }): AuthPort {
  async function recordAttempt(email: string, ip: string, succeeded: boolean) {
    await db
      .insertInto('login_attempts')
      .values({ email, ip, succeeded: succeeded ? 1 : 0, created_at: new Date().toISOString() })
      .execute();
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
    async signIn(credentials, clientIp) {
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
      await recordAttempt(email, clientIp, Boolean(user && valid));
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
        })
        .execute();
      return { token, expiresAt, user: { id: String(user.id), email: user.email } };
    },

    async verifySession(token) {
      if (!token || token.length > 200) return null;
      const row = await db
        .selectFrom('sessions')
        .innerJoin('admin_users', 'admin_users.id', 'sessions.user_id')
        .select(['admin_users.id', 'admin_users.email', 'sessions.expires_at'])
        .where('sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || Date.parse(row.expires_at) <= Date.now()) return null;
      return { id: String(row.id), email: row.email };
    },

    async signOut(token) {
      await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },
  };
}
