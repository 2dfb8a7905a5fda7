import { AppError } from '../../domain/errors.ts';

/**
 * Where the server asks Firebase Auth's REST API (Identity Toolkit) for what firebase-admin does
 * not do: check a password (the dashboard's password change) and send Firebase's own password
 * reset mail. It uses the project's web API key, on the emulator when one is set.
 */
export type PasswordCheck = { apiKey: string; emulatorUrl?: string | undefined };

/** POSTs to one Identity Toolkit method; a service that does not answer is AppError('unavailable'). */
async function call(
  check: PasswordCheck,
  method: string,
  body: object,
  headers: Record<string, string> = {},
) {
  const base = check.emulatorUrl
    ? `${check.emulatorUrl.replace(/\/$/, '')}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  try {
    return await fetch(`${base}/v1/accounts:${method}?key=${encodeURIComponent(check.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new AppError('unavailable', `Η υπηρεσία σύνδεσης δεν απαντά: ${(error as Error).message}`);
  }
}

const unavailable = (response: Response) =>
  new AppError('unavailable', `Η υπηρεσία σύνδεσης δεν απαντά (HTTP ${response.status}).`);

/** Whether `password` signs `email` in as `uid`. */
export async function passwordSignsIn(check: PasswordCheck, uid: string, email: string, password: string) {
  const response = await call(check, 'signInWithPassword', { email, password, returnSecureToken: false });
  if (response.ok) return ((await response.json()) as { localId?: string }).localId === uid;
  if (response.status === 400) return false; // INVALID_PASSWORD, INVALID_LOGIN_CREDENTIALS, ...
  throw unavailable(response);
}

/**
 * Has Firebase send its own password reset mail to `email` (in Greek, the project's template),
 * whose link opens Firebase's page for the new password.
 */
export async function sendPasswordResetMail(check: PasswordCheck, email: string): Promise<void> {
  const response = await call(
    check,
    'sendOobCode',
    { requestType: 'PASSWORD_RESET', email },
    { 'x-firebase-locale': 'el' },
  );
  await response.body?.cancel();
  if (!response.ok) throw unavailable(response);
}
