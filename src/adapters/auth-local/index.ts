import { LOGIN_MESSAGES } from '../../domain/messages.ts';
import { type AuthPort, credentialsSchema } from '../../ports/auth.ts';
import { AppError } from '../../ports/errors.ts';
import type { Engine } from '../sqlite/database.ts';
import { createLoginAttempts, hashSessionToken as hashToken, newSessionToken } from './attempts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

// Verified against when the account does not exist, so both paths cost one scrypt.
const DUMMY_HASH = hashPassword('no-such-account');

/** Local admin accounts: scrypt passwords, random session tokens stored hashed, throttled sign-in. */
export function createLocalAuth({ db }: Engine, options: { sessionTtlHours: number }): AuthPort {
  const attempts = createLoginAttempts(db);

  return {
    proof: 'password',

    async signIn(credentials, clientIp) {
      const parsed = credentialsSchema.safeParse(credentials);
      if (!parsed.success) throw new AppError('invalid', LOGIN_MESSAGES['invalid-credential']);
      const email = parsed.data.email.toLowerCase();
      if ((await attempts.addressBlocked(clientIp)) || (await attempts.accountLocked(email))) {
        throw new AppError('rate_limited', LOGIN_MESSAGES['too-many-requests']);
      }
      const user = await db
        .selectFrom('admin_users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      const valid = await verifyPassword(parsed.data.password, user?.password_hash ?? (await DUMMY_HASH));
      await attempts.record(email, clientIp, Boolean(user && valid));
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
