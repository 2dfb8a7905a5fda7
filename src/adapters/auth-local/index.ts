import { ACCOUNT_MESSAGES } from '../../domain/account-form.ts';
import { LOGIN_MESSAGES } from '../../domain/messages.ts';
import { type AuthPort, credentialsSchema } from '../../ports/auth.ts';
import { AppError } from '../../ports/errors.ts';
import { inTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { createLoginAttempts, hashSessionToken as hashToken, newSessionToken } from './attempts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSessionStore } from './session-store.ts';

// Verified against when the account does not exist, so both paths cost one scrypt.
const DUMMY_HASH = hashPassword('no-such-account');

const userRowId = (userId: string) => (/^\d{1,15}$/.test(userId) ? Number(userId) : -1);

/** Local admin accounts: scrypt passwords, random session tokens stored hashed, throttled sign-in. */
export function createLocalAuth({ db }: Engine, options: { sessionTtlHours: number }): AuthPort {
  const attempts = createLoginAttempts(db);
  const sessions = createSessionStore(db, { table: 'sessions', owner: 'user_id' });
  const recordAttempt = attempts.record;
  const throttled = async (email: string, ip: string) =>
    (await attempts.addressBlocked(ip)) || (await attempts.accountLocked(email));

  async function userById(userId: string) {
    return db.selectFrom('admin_users').selectAll().where('id', '=', userRowId(userId)).executeTakeFirst();
  }

  return {
    proof: 'password',

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

      const token = newSessionToken();
      const expiresAt = new Date(Date.now() + options.sessionTtlHours * 3_600_000);
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: user.id,
          created_at: new Date().toISOString(),
          expires_at: expiresAt.toISOString(),
          ...sessions.details(clientIp, userAgent),
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
      await sessions.touch(token, row.last_seen_at);
      return { id: String(row.id), email: row.email };
    },

    async signOut(token) {
      await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },

    listSessions: (userId, currentToken) => sessions.list(userRowId(userId), currentToken),

    endSession: (userId, sessionId, currentToken) => sessions.end(userRowId(userId), sessionId, currentToken),

    endOtherSessions: (userId, currentToken) => sessions.endOthers(userRowId(userId), currentToken),

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
      return user ? attempts.recent(user.email, limit) : [];
    },
  };
}
