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
export type Session = { token: string; expiresAt: Date; user: AdminUser };

/** Login failures by the codes the spec's error catalogue names (section 8). */
export type SignInFailure = 'invalid-credential' | 'user-not-found' | 'wrong-password' | 'too-many-requests';

export interface AuthPort {
  /** Which proof signIn takes: the login page posts email and password, or signs in with Firebase first. */
  readonly proof: 'password' | 'firebase-id-token';
  /**
   * Starts a new session (a fresh token every time) or throws AppError with the failure code.
   * Refuses the other kind of proof as invalid.
   */
  signIn(proof: SignInProof, clientIp: string): Promise<Session>;
  /** The signed-in admin of a session token; null when it is unknown or expired. */
  verifySession(token: string): Promise<AdminUser | null>;
  /** Ends the session on the server; unknown tokens are ignored. */
  signOut(token: string): Promise<void>;
}
