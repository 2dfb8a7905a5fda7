import { z } from 'zod';

export const credentialsSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(1024),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** With AUTH_BACKEND=firebase the browser signs in with the Firebase web SDK and sends its ID token. */
export const idTokenProofSchema = z.object({ idToken: z.string().min(1).max(8192) });
/** What a sign-in request proves: email and password (local accounts) or a Firebase ID token. */
export const signInProofSchema = z.union([credentialsSchema, idTokenProofSchema]);
export type SignInProof = Credentials | z.infer<typeof idTokenProofSchema>;

export type AdminUser = { id: string; email: string };
/**
 * A new session, and the browser's device id to keep (in a long-lived cookie): the browser that
 * signed in becomes known to the account and keeps its own sign-in allowance (decision 077).
 */
export type Session = { token: string; expiresAt: Date; user: AdminUser; device: string };

/** Login failures by the codes the spec's error catalogue names (section 8). */
export type SignInFailure = 'invalid-credential' | 'user-not-found' | 'wrong-password' | 'too-many-requests';

/** A signed-in browser of an admin, as the dashboard lists it. */
export type SessionInfo = {
  /** A public id: never the token or its hash. */
  id: string;
  createdAt: string;
  lastSeenAt: string | null;
  expiresAt: string;
  ip: string;
  userAgent: string;
  /** The session the request came with. */
  current: boolean;
};

export type SignInRecord = { id: number; at: string; ip: string; userAgent: string; succeeded: boolean };

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
  /** The admin account's latest sign-in attempts, newest first. */
  recentSignIns(userId: string, limit: number): Promise<SignInRecord[]>;
  /** Forgets expired sessions and sign-in records too old to matter; answers how many rows went. */
  purgeExpired(now?: number): Promise<number>;
}
