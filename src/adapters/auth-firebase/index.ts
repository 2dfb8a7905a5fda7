import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { ACCOUNT_MESSAGES } from '../../domain/admin/account-form.ts';
import { LOGIN_MESSAGES, NOT_AN_ADMIN_MESSAGE } from '../../domain/auth/login-messages.ts';
import { RESET_MESSAGES } from '../../domain/auth/password-reset.ts';
import { idTokenProofSchema } from '../../domain/auth/sign-in.ts';
import { AppError } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import type { AuthPort } from '../../ports/auth.ts';
import { createLoginAttempts, hashSessionToken, newSessionToken } from '../auth-local/attempts.ts';
import { createSessionStore } from '../auth-local/session-store.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { type FirebaseSettings, openFirebaseApp } from '../firebase/app.ts';
import { loadSdk } from '../load-sdk.ts';
import { type PasswordCheck, passwordSignsIn } from './identity-toolkit.ts';
import { createFirebasePasswordResets } from './password-reset.ts';

/** The custom claim that marks a Firebase user as the shop's admin (decision 011). */
export const ADMIN_CLAIM = 'admin';
/**
 * A session is only minted from a fresh sign-in, as Firebase advises for session creation: an ID
 * token copied from an old browser tab or a log cannot start one.
 */
const MAX_SIGN_IN_AGE_S = 5 * 60;

/** Whether a sign-in at `authTimeS` (the token's auth_time, in seconds) may still start a session. */
export function freshSignIn(authTimeS: number, nowMs: number = Date.now()): boolean {
  return nowMs / 1000 - authTimeS <= MAX_SIGN_IN_AGE_S;
}

export type FirebaseAuthAdapter = AuthPort & { close(): Promise<void> };

/**
 * Admin sign-in through Firebase Auth (decision 011). The browser signs in with the Firebase web
 * SDK and posts the ID token; the server verifies it with firebase-admin (signature, expiry,
 * revocation, the admin claim) and then keeps its own session, exactly as the local accounts do:
 * a random token in an HttpOnly cookie, stored hashed in the shop's database, SQLite or PostgreSQL
 * (table firebase_sessions).
 * Passwords are checked by Firebase, which throttles guessing; this server throttles the token
 * exchange per address with the local rules, so a flood of forged tokens is turned away too.
 */
export function createFirebaseAuth(
  settings: FirebaseSettings,
  store: ShopDatabase,
  options: { sessionTtlHours: number; passwordCheck?: PasswordCheck | undefined },
): FirebaseAuthAdapter {
  const { db } = store;
  const firebase = openFirebaseApp(settings);
  const { getAuth } = loadSdk<typeof import('firebase-admin/auth')>('firebase-admin/auth');
  const auth: Auth = getAuth(firebase.app);
  const attempts = createLoginAttempts(store);
  const sessions = createSessionStore(db, { table: 'firebase_sessions', owner: 'uid' });
  const resets = createFirebasePasswordResets(auth, store, {
    adminClaim: ADMIN_CLAIM,
    passwordCheck: options.passwordCheck,
  });

  async function verify(idToken: string): Promise<DecodedIdToken> {
    try {
      return await auth.verifyIdToken(idToken, true);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      // Bad, expired, revoked tokens and disabled users are the caller's problem; anything else
      // (Firebase unreachable, the keys not fetched) is ours.
      if (
        /^auth\/(argument-error|id-token-expired|id-token-revoked|user-disabled|user-not-found|invalid-id-token)$/.test(
          code,
        )
      )
        throw new AppError('unauthorized', LOGIN_MESSAGES['invalid-credential']);
      throw new AppError('unavailable', `Η υπηρεσία σύνδεσης δεν απαντά: ${(error as Error).message}`);
    }
  }

  return {
    proof: 'firebase-id-token',

    async signIn(proof, clientIp, userAgent = '', device = undefined) {
      const parsed = idTokenProofSchema.safeParse(proof);
      if (!parsed.success) throw new AppError('invalid', LOGIN_MESSAGES['invalid-credential']);
      // The token names its account only once verified: until then the address alone is counted.
      const attempt = await attempts.begin({ email: '', ip: clientIp, userAgent, device });
      let decoded: DecodedIdToken;
      try {
        decoded = await verify(parsed.data.idToken);
      } catch (error) {
        if ((error as AppError).kind === 'unauthorized') await attempts.finish(attempt.id, false);
        else await attempts.cancel(attempt.id);
        throw error;
      }
      const email = (decoded.email ?? '').toLowerCase();
      if (!freshSignIn(decoded.auth_time)) {
        await attempts.finish(attempt.id, false, email);
        throw new AppError('unauthorized', LOGIN_MESSAGES['invalid-credential']);
      }
      if (decoded[ADMIN_CLAIM] !== true) {
        await attempts.finish(attempt.id, false, email);
        throw new AppError('unauthorized', NOT_AN_ADMIN_MESSAGE);
      }
      await attempts.finish(attempt.id, true, email);

      const token = newSessionToken();
      const expiresAt = new Date(Date.now() + options.sessionTtlHours * 3_600_000);
      await db
        .insertInto('firebase_sessions')
        .values({
          token_hash: hashSessionToken(token),
          uid: decoded.uid,
          email,
          created_at: new Date().toISOString(),
          expires_at: expiresAt.toISOString(),
          ...sessions.details(clientIp, userAgent),
        })
        .execute();
      return { token, expiresAt, user: { id: decoded.uid, email }, device: attempt.device };
    },

    async verifySession(token) {
      if (!token || token.length > 200) return null;
      const row = await db
        .selectFrom('firebase_sessions')
        .select(['uid', 'email', 'expires_at', 'last_seen_at'])
        .where('token_hash', '=', hashSessionToken(token))
        .executeTakeFirst();
      if (!row || Date.parse(row.expires_at) <= Date.now()) return null;
      await sessions.touch(token, row.last_seen_at);
      return { id: row.uid, email: row.email };
    },

    async signOut(token) {
      const row = await db
        .deleteFrom('firebase_sessions')
        .where('token_hash', '=', hashSessionToken(token))
        .returning('uid')
        .executeTakeFirst();
      if (!row) return;
      // Also end the Firebase side: refresh tokens issued to that user stop working, so no
      // browser can mint a new ID token from the old sign-in. The shop's session is gone already,
      // so an unreachable Firebase does not keep anyone signed in.
      await auth.revokeRefreshTokens(row.uid).catch((error: unknown) => {
        log.warn('Firebase: could not revoke a sign-in', { uid: row.uid, error });
      });
    },

    listSessions: (uid, currentToken) => sessions.list(uid, currentToken),

    endSession: (uid, sessionId, currentToken) => sessions.end(uid, sessionId, currentToken),

    endOtherSessions: (uid, currentToken) => sessions.endOthers(uid, currentToken),

    /**
     * The password lives in Firebase: the current one is checked by signing in through Firebase
     * Auth's REST API, the new one is set with firebase-admin, and then every other shop session
     * ends and Firebase's refresh tokens are revoked, so no other browser stays signed in.
     */
    async changePassword(uid, currentPassword, newPassword, currentToken) {
      const check = options.passwordCheck;
      if (!check) throw new AppError('unavailable', ACCOUNT_MESSAGES.firebasePasswordElsewhere);
      const user = await auth.getUser(uid).catch(() => null);
      const email = user?.email?.toLowerCase();
      if (!email) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
      // Counted before the check, as sign-in is: a stolen session cannot guess the password either.
      const attempt = await attempts.begin({ email, ip: `account:${uid}` });
      let signsIn: boolean;
      try {
        signsIn = await passwordSignsIn(check, uid, email, currentPassword);
      } catch (error) {
        await attempts.cancel(attempt.id);
        throw error;
      }
      await attempts.finish(attempt.id, signsIn);
      if (!signsIn) {
        throw new AppError('invalid', ACCOUNT_MESSAGES.invalid, {
          currentPassword: ACCOUNT_MESSAGES.currentWrong,
        });
      }
      await auth.updateUser(uid, { password: newPassword });
      await sessions.endOthers(uid, currentToken);
      await auth.revokeRefreshTokens(uid).catch((error: unknown) => {
        log.warn('Firebase: could not revoke a sign-in', { uid, error });
      });
    },

    requestPasswordReset: (request) => resets.request(request),

    // Firebase's mail links to Firebase's own page, which sets the password there.
    resetPassword: async () => {
      throw new AppError('invalid', RESET_MESSAGES.firebaseLink, { token: RESET_MESSAGES.firebaseLink });
    },

    async recentSignIns(uid, limit) {
      const user = await auth.getUser(uid).catch(() => null);
      return user?.email ? attempts.recent(user.email.toLowerCase(), limit) : [];
    },

    purgeExpired: async (now = Date.now()) =>
      (await sessions.purgeExpired(now)) + (await attempts.purge(now)) + (await resets.purge(now)),

    close: async () => {
      await resets.settled();
      await firebase.close();
    },
  };
}

/** Ends every shop session of a Firebase user (after the admin claim is taken away). */
export async function endFirebaseSessions({ db }: ShopDatabase, uid: string): Promise<number> {
  const result = await db.deleteFrom('firebase_sessions').where('uid', '=', uid).executeTakeFirst();
  return Number(result.numDeletedRows);
}
