import { z } from 'zod';

export const credentialsSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(1024),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export type AdminUser = { id: string; email: string };
export type Session = { token: string; expiresAt: Date; user: AdminUser };

/** Login failures by the codes the spec's error catalogue names (section 8). */
export type SignInFailure = 'invalid-credential' | 'user-not-found' | 'wrong-password' | 'too-many-requests';

export interface AuthPort {
  /** Starts a new session (a fresh token every time) or throws AppError with the failure code. */
  signIn(credentials: Credentials, clientIp: string): Promise<Session>;
  /** The signed-in admin of a session token; null when it is unknown or expired. */
  verifySession(token: string): Promise<AdminUser | null>;
  /** Ends the session on the server; unknown tokens are ignored. */
  signOut(token: string): Promise<void>;
}
