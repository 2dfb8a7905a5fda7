import { atom } from 'nanostores';
import { loginErrorMessage } from '../domain/messages.ts';
import { type AdminUser, credentialsSchema } from '../ports/auth.ts';
import { callApi } from './api.ts';

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

/** Asks the server once per page load; a failed check counts as signed out (the login page asks again). */
export function loadSession(): Promise<SessionState> {
  checking ??= (async () => {
    const result = await callApi<{ user: AdminUser | null }>('GET', '/api/session');
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

export async function signIn(
  credentials: Credentials,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await callApi<{ user: AdminUser }>('POST', '/api/session', {
    email: credentials.email.trim(),
    password: credentials.password,
  });
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
