import type { APIRoute } from 'astro';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, passwordChangeErrors } from '../../../../domain/admin/account-form.ts';
import { AppError } from '../../../../domain/errors.ts';
import { adminSession } from '../../../../server/auth/admin-session.ts';
import { readJson, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

// Loose on purpose: the form's rules (domain/admin/account-form.ts) answer with the form's messages.
const text = z.string().max(4096).default('');
const changeSchema = z.object({ currentPassword: text, newPassword: text, confirmPassword: text });

/** Password change: the current password is required; every other session of the admin ends. */
export const POST: APIRoute = ({ request, locals, cookies }) =>
  toResponse(async () => {
    const { user, token } = adminSession(locals, cookies);
    const form = await readJson(request, changeSchema, 16 * 1024);
    const fields = passwordChangeErrors(form);
    if (Object.keys(fields).length > 0) throw new AppError('invalid', ACCOUNT_MESSAGES.invalid, fields);
    await locals.container.auth.changePassword(user.id, form.currentPassword, form.newPassword, token);
    return { ok: true, message: ACCOUNT_MESSAGES.changed };
  });
