import type { NewPassword } from '../domain/auth/password-reset.ts';
import { callApi } from './api.ts';

/**
 * "Forgotten password" from the login page and the reset page (decision 083). The server answers
 * every accepted request with the same message, which the form shows as it is.
 */
export async function requestPasswordReset(
  email: string,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  const result = await callApi<{ message: string }>('POST', '/api/session/forgot', { email: email.trim() });
  return result.ok
    ? { ok: true, message: result.data.message }
    : { ok: false, message: result.error.fields.email ?? result.error.message };
}

export type ResetFailure = {
  ok: false;
  message: string;
  /** Field -> message for the new password fields. */
  fields: Partial<Record<keyof NewPassword, string>>;
  /** The link itself is unknown, used or expired: a new one must be asked for. */
  linkFailed: boolean;
};

/** Sets the new password with the link's token; every session of the account ends. */
export async function resetPassword(
  token: string,
  form: NewPassword,
): Promise<{ ok: true; message: string } | ResetFailure> {
  const result = await callApi<{ message: string }>('POST', '/api/session/reset', { token, ...form });
  if (result.ok) return { ok: true, message: result.data.message };
  const { token: linkMessage, newPassword, confirmPassword } = result.error.fields;
  return {
    ok: false,
    message: linkMessage ?? result.error.message,
    fields: {
      ...(newPassword ? { newPassword } : {}),
      ...(confirmPassword ? { confirmPassword } : {}),
    },
    linkFailed: linkMessage !== undefined,
  };
}
