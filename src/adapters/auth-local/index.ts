import { ACCOUNT_MESSAGES } from '../../domain/admin/account-form.ts';
import { LOGIN_MESSAGES } from '../../domain/auth/login-messages.ts';
import { credentialsSchema } from '../../domain/auth/sign-in.ts';
import { AppError } from '../../domain/errors.ts';
import type { AuthPort } from '../../ports/auth.ts';
import { isRowId } from '../database/row-id.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import type { EnqueueMail } from '../mail-outbox/enqueue.ts';
import { createLoginAttempts, hashSessionToken as hashToken, newSessionToken } from './attempts.ts';
import { createPasswordResets } from './password-reset.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { alertAdmin } from './security-alert.ts';
import { createSessionStore } from './session-store.ts';

// Verified against when the account does not exist, so both paths cost one scrypt.
const DUMMY_HASH = hashPassword('no-such-account');

/** The account's row id in a user id from a session, or null when it can name no account. */
function userRowId(userId: string): number | null {
  const id = /^\d{1,10}$/.test(userId) ? Number(userId) : Number.NaN;
  return isRowId(id) ? id : null;
}

export type LocalAuthOptions = {
  sessionTtlHours: number;
  /**
   * The outbox's synchronous write on SQLite, for the sign-in alerts and the password reset links;
   * on PostgreSQL they go to the outbox through enqueueMailIn instead. Without it neither is sent.
   */
  enqueueMail?: EnqueueMail | undefined;
};

/**
 * Local admin accounts in the shop's database, SQLite or PostgreSQL: scrypt passwords, random
 * session tokens stored hashed, throttled sign-in.
 */
export function createLocalAuth(store: ShopDatabase, options: LocalAuthOptions): AuthPort {
  const { db } = store;
  const attempts = createLoginAttempts(store, {
    onAccountThrottled: options.enqueueMail ? alertAdmin(options.enqueueMail) : undefined,
  });
  const sessions = createSessionStore(db, { table: 'sessions', owner: 'user_id' });
  const resets = createPasswordResets(store, { enqueueMail: options.enqueueMail });

  /** Checks a password inside a counted attempt (attempts.ts): the count comes before the check. */
  async function checkedAttempt(
    client: Parameters<typeof attempts.begin>[0],
    check: () => Promise<boolean>,
  ): Promise<{ valid: boolean; device: string }> {
    const attempt = await attempts.begin(client);
    let valid = false;
    try {
      valid = await check();
    } finally {
      await attempts.finish(attempt.id, valid);
    }
    return { valid, device: attempt.device };
  }

  async function userById(userId: string) {
    const id = userRowId(userId);
    if (id === null) return undefined;
    return db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  return {
    proof: 'password',

    async signIn(credentials, clientIp, userAgent = '', device = undefined) {
      const parsed = credentialsSchema.safeParse(credentials);
      if (!parsed.success) throw new AppError('invalid', LOGIN_MESSAGES['invalid-credential']);
      const email = parsed.data.email.toLowerCase();
      let user: { id: number; email: string } | undefined;
      const attempt = await checkedAttempt({ email, ip: clientIp, userAgent, device }, async () => {
        const found = await db
          .selectFrom('admin_users')
          .select(['id', 'email', 'password_hash'])
          .where('email', '=', email)
          .executeTakeFirst();
        const valid = await verifyPassword(parsed.data.password, found?.password_hash ?? (await DUMMY_HASH));
        user = found && valid ? found : undefined;
        return user !== undefined;
      });
      // One message for unknown account and wrong password, so sign-in does not reveal who is an admin.
      if (!attempt.valid || !user) throw new AppError('unauthorized', LOGIN_MESSAGES['invalid-credential']);

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
      return { token, expiresAt, user: { id: String(user.id), email: user.email }, device: attempt.device };
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

    async listSessions(userId, currentToken) {
      const id = userRowId(userId);
      return id === null ? [] : sessions.list(id, currentToken);
    },

    async endSession(userId, sessionId, currentToken) {
      const id = userRowId(userId);
      if (id === null) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
      await sessions.end(id, sessionId, currentToken);
    },

    async endOtherSessions(userId, currentToken) {
      const id = userRowId(userId);
      return id === null ? 0 : sessions.endOthers(id, currentToken);
    },

    async changePassword(userId, currentPassword, newPassword, currentToken) {
      const user = await userById(userId);
      if (!user) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
      // The same throttle as sign-in: a stolen session cannot guess the password either.
      const { valid } = await checkedAttempt({ email: user.email, ip: `account:${user.id}` }, () =>
        verifyPassword(currentPassword, user.password_hash),
      );
      if (!valid) {
        throw new AppError('invalid', ACCOUNT_MESSAGES.invalid, {
          currentPassword: ACCOUNT_MESSAGES.currentWrong,
        });
      }
      const passwordHash = await hashPassword(newPassword);
      const keep = hashToken(currentToken);
      // One transaction: the new password and the end of every other session go together.
      await store.transaction(async (trx) => {
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

    requestPasswordReset: (request) => resets.request(request),

    resetPassword: (token, newPassword) => resets.reset(token, newPassword),

    async recentSignIns(userId, limit) {
      const user = await userById(userId);
      return user ? attempts.recent(user.email, limit) : [];
    },

    purgeExpired: async (now = Date.now()) =>
      (await sessions.purgeExpired(now)) + (await attempts.purge(now)) + (await resets.purge(now)),
  };
}
