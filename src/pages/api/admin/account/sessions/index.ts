import type { APIRoute } from 'astro';
import { ACCOUNT_MESSAGES } from '../../../../../domain/admin/account-form.ts';
import { adminSession } from '../../../../../server/auth/admin-session.ts';
import { toResponse } from '../../../../../server/http/http.ts';

export const prerender = false;

/** Ends every session of the admin but this one ("sign out everywhere else"). */
export const DELETE: APIRoute = ({ locals, cookies }) =>
  toResponse(async () => {
    const { user, token } = adminSession(locals, cookies);
    const ended = await locals.container.auth.endOtherSessions(user.id, token);
    return { ended, message: ACCOUNT_MESSAGES.othersEnded(ended) };
  });
