import type { APIRoute } from 'astro';
import { ACCOUNT_MESSAGES } from '../../../domain/admin/account-form.ts';
import {
  newPasswordErrors,
  RESET_MESSAGES,
  resetRequestSchema,
} from '../../../domain/auth/password-reset.ts';
import { AppError } from '../../../domain/errors.ts';
import { readJson, toResponse } from '../../../server/http/http.ts';

export const prerender = false;

/**
 * A new password with a mailed link (decision 083): the form's rules first (the same as the
 * password change), then the link. Every session of the account ends, this browser's too if it
 * had one, so the answer sends the admin to sign in again.
 */
export const POST: APIRoute = ({ request, locals }) =>
  toResponse(async () => {
    const form = await readJson(request, resetRequestSchema, 16 * 1024);
    const fields = newPasswordErrors(form);
    if (Object.keys(fields).length > 0) throw new AppError('invalid', ACCOUNT_MESSAGES.invalid, fields);
    await locals.container.auth.resetPassword(form.token, form.newPassword);
    return { ok: true, message: RESET_MESSAGES.done };
  });
