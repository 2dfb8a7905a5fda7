import { atom } from 'nanostores';
import { loginErrorMessage } from '../domain/auth/login-messages.ts';
import { type AdminUser, credentialsSchema } from '../domain/auth/sign-in.ts';
import { callApi } from './api.ts';
import type { PublicFirebaseConfig } from './firebase-sign-in.ts';

/**
 * Who is signed in to the dashboard (spec section 4, 'Auth state'): unknown until the server has
 * answered, then signed in or signed out. The session itself is an HttpOnly cookie the browser
 * cannot read, so the server is always the one asked.
 */
export type SessionState =
  | { status: 'unknown' }
  | { status: 'signed-in'; user: AdminUser }
  | { status: 'signed-out' };

export const $session = atom<SessionState>({ status: 'unknown' });

let checking: Promise<SessionState> | null = null;
/** Set when the shop signs admins in through Firebase Auth (the server says so with the session). */
let firebaseConfig: PublicFirebaseConfig | null = null;

/** Asks the server once per page load; a failed check counts as signed out (the login page asks again). */
export function loadSession(): Promise<SessionState> {
  checking ??= (async () => {
    const result = await callApi<{ user: AdminUser | null; firebase?: PublicFirebaseConfig | null }>(
      'GET',
      '/api/session',
    );
    if (result.ok) firebaseConfig = result.data.firebase ?? null;
    const state: SessionState =
      result.ok && result.data.user
        ? { status: 'signed-in', user: result.data.user }
        : { status: 'signed-out' };
    $session.set(state);
    return state;
  })();
  return checking;
}

/** An admin call answered 401/403: the session ended on the server, so the dashboard must let go. */
export function sessionEnded(): void {
  $session.set({ status: 'signed-out' });
}

export type Credentials = { email: string; password: string };
export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

/** The login form's rules (spec section 5): email in email format and password, both required. */
export function credentialErrors({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (email.trim() === '') errors.email = 'Το email είναι υποχρεωτικό.';
  else if (!credentialsSchema.shape.email.safeParse(email.trim()).success)
    errors.email = 'Συμπληρώστε ένα έγκυρο email.';
  if (password === '') errors.password = 'Ο κωδικός πρόσβασης είναι υποχρεωτικός.';
  return errors;
}

// The server already answers these with the spec's catalogue text (invalid credential, too many requests).
const CATALOGUE_KINDS = new Set(['unauthorized', 'rate_limited']);

/**
 * With Firebase Auth, the password goes to Firebase (its web SDK, loaded only then) and the server
 * gets the ID token; otherwise the server checks email and password itself.
 */
async function signInProof(
  credentials: Credentials,
): Promise<{ ok: true; proof: object } | { ok: false; message: string }> {
  const email = credentials.email.trim();
  await loadSession();
  if (!firebaseConfig) return { ok: true, proof: { email, password: credentials.password } };
  const { firebaseIdToken } = await import('./firebase-sign-in.ts');
  const result = await firebaseIdToken(firebaseConfig, email, credentials.password);
  return result.ok ? { ok: true, proof: { idToken: result.idToken } } : result;
}

export async function signIn(
  credentials: Credentials,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const proof = await signInProof(credentials);
  if (!proof.ok) return proof;
  const result = await callApi<{ user: AdminUser }>('POST', '/api/session', proof.proof);
  if (result.ok) {
    $session.set({ status: 'signed-in', user: result.data.user });
    return { ok: true };
  }
  const { kind, message } = result.error;
  return { ok: false, message: CATALOGUE_KINDS.has(kind) ? message : loginErrorMessage(message) };
}

export async function signOut(): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await callApi<{ ok: true }>('DELETE', '/api/session');
  if (!result.ok) return { ok: false, message: `Σφάλμα αποσύνδεσης: ${result.error.message}` };
  $session.set({ status: 'signed-out' });
  return { ok: true };
}
