import type { AdminUser, Session, SessionInfo, SignInProof, SignInRecord } from '../domain/auth/sign-in.ts';

/** A "forgotten password" request: who asks, from where, and the page the mailed link opens. */
export type PasswordResetRequest = {
  email: string;
  clientIp: string;
  /** The reset page's absolute URL, from the configured SITE_URL (never the request's Host). */
  resetPage: string;
};

export interface AuthPort {
  /** Which proof signIn takes: the login page posts email and password, or signs in with Firebase first. */
  readonly proof: 'password' | 'firebase-id-token';
  /**
   * Starts a new session (a fresh token every time) or throws AppError with the failure code.
   * Refuses the other kind of proof as invalid. The browser's user agent is kept for the session
   * list; `device` is the device id the browser kept from an earlier sign-in, if any. Attempts
   * are throttled on the server (decision 077): too many wrong ones are refused as rate_limited
   * before any password is checked.
   */
  signIn(proof: SignInProof, clientIp: string, userAgent?: string, device?: string): Promise<Session>;
  /** The signed-in admin of a session token; null when it is unknown or expired. */
  verifySession(token: string): Promise<AdminUser | null>;
  /** Ends the session on the server; unknown tokens are ignored. */
  signOut(token: string): Promise<void>;
  /** The admin's live sessions, newest first; `currentToken` marks the one asking. */
  listSessions(userId: string, currentToken: string): Promise<SessionInfo[]>;
  /** Ends one of the admin's other sessions (not_found for another admin's or an unknown id). */
  endSession(userId: string, sessionId: string, currentToken: string): Promise<void>;
  /** Ends every session of the admin but the current one; returns how many ended. */
  endOtherSessions(userId: string, currentToken: string): Promise<number>;
  /**
   * Checks the current password (a wrong one counts as a failed sign-in, throttled alike), sets
   * the new one and ends every other session of the admin. Throws AppError('invalid') with
   * `fields.currentPassword` for a wrong password.
   */
  changePassword(
    userId: string,
    currentPassword: string,
    newPassword: string,
    currentToken: string,
  ): Promise<void>;
  /**
   * "Forgotten password" (decision 083): when the email is an admin's, mails a link that sets a new
   * password (local accounts: a single-use token valid for 30 minutes, through the outbox; Firebase:
   * Firebase's own reset mail). Resolves the same whether or not the account exists. Requests are
   * counted per account and address before any work, and refused as rate_limited over the limits.
   */
  requestPasswordReset(request: PasswordResetRequest): Promise<void>;
  /**
   * Sets a new password with a mailed link's token, ends every session of the account and lifts
   * its sign-in throttle. Throws AppError('invalid') with `fields.token` for an unknown, used or
   * expired link. With Firebase the link goes to Firebase's own page, so this always refuses.
   */
  resetPassword(token: string, newPassword: string): Promise<void>;
  /** The admin account's latest sign-in attempts, newest first. */
  recentSignIns(userId: string, limit: number): Promise<SignInRecord[]>;
  /** Forgets expired sessions and sign-in records too old to matter; answers how many rows went. */
  purgeExpired(now?: number): Promise<number>;
}
