import { z } from 'zod';

// What a sign-in proves, the session it starts, and what the dashboard lists of an admin's sign-ins.

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
