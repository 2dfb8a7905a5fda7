import type { APIRoute } from 'astro';
import { ACCOUNT_MESSAGES } from '../../../../../domain/admin/account-form.ts';
import { decodeParam } from '../../../../../domain/catalog/product-id.ts';
import { adminSession } from '../../../../../server/auth/admin-session.ts';
import { toResponse } from '../../../../../server/http/http.ts';

export const prerender = false;

/** Ends one of the admin's other sessions, by its public id. */
export const DELETE: APIRoute = ({ params, locals, cookies }) =>
  toResponse(async () => {
    const { user, token } = adminSession(locals, cookies);
    await locals.container.auth.endSession(user.id, decodeParam(params.id), token);
    return { ok: true, message: ACCOUNT_MESSAGES.sessionEnded };
  });
