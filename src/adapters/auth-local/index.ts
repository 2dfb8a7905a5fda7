import { ACCOUNT_MESSAGES } from '../../domain/admin/account-form.ts';
import { LOGIN_MESSAGES } from '../../domain/auth/login-messages.ts';
import { signInAttackMail } from '../../domain/auth/security-alert-mail.ts';
import { credentialsSchema } from '../../domain/auth/sign-in.ts';
import { AppError } from '../../domain/errors.ts';
import type { AuthPort } from '../../ports/auth.ts';
import type { EnqueueMail } from '../mail-outbox/enqueue.ts';
import { inTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { prepared } from '../sqlite/prepared.ts';
import {
  createLoginAttempts,
  hashSessionToken as hashToken,
  newSessionToken,
  type OnAccountThrottled,
} from './attempts.ts';
import { createPasswordResets } from './password-reset.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSessionStore } from './session-store.ts';

/** At most one alert an hour per account, however long an attack goes on. */
const ALERT_EVERY_MS = 3_600_000;

/** Mails an admin, through the outbox, when sign-ins to the account are held back (decision 077). */
function alertAdmin(enqueueMail: EnqueueMail): OnAccountThrottled {
  return (sqlite, email, ip, now) => {
    // Only a real admin account is told, so typing someone's address mails nobody.
    if (!prepared(sqlite, 'SELECT 1 FROM admin_users WHERE email = ?').get(email)) return;
    const since = new Date(now.getTime() - ALERT_EVERY_MS).toISOString();
    const recent = prepared(
      sqlite,
      "SELECT 1 FROM mail_outbox WHERE kind = 'security-alert' AND to_address = ? AND created_at >= ? LIMIT 1",
    ).get(email, since);
    if (!recent)
      enqueueMail(sqlite, { kind: 'security-alert', to: email, ...signInAttackMail(email, ip, now) }, now);
  };
}

// Verified against when the account does not exist, so both paths cost one scrypt.
const DUMMY_HASH = hashPassword('no-such-account');

const userRowId = (userId: string) => (/^\d{1,15}$/.test(userId) ? Number(userId) : -1);

/** Local admin accounts: scrypt passwords, random session tokens stored hashed, throttled sign-in. */
export function createLocalAuth(
  engine: Engine,
  options: { sessionTtlHours: number; enqueueMail?: EnqueueMail },
): AuthPort {
  const { db } = engine;
  const attempts = createLoginAttempts(engine, {
    ...(options.enqueueMail ? { onAccountThrottled: alertAdmin(options.enqueueMail) } : {}),
  });
  const sessions = createSessionStore(db, { table: 'sessions', owner: 'user_id' });
  const resets = createPasswordResets(engine, { enqueueMail: options.enqueueMail });

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
    return db.selectFrom('admin_users').selectAll().where('id', '=', userRowId(userId)).executeTakeFirst();
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

    listSessions: (userId, currentToken) => sessions.list(userRowId(userId), currentToken),

    endSession: (userId, sessionId, currentToken) => sessions.end(userRowId(userId), sessionId, currentToken),

    endOtherSessions: (userId, currentToken) => sessions.endOthers(userRowId(userId), currentToken),

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
