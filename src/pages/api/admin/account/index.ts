import type { APIRoute } from 'astro';
import { adminSession } from '../../../../server/auth/admin-session.ts';
import { toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

const SIGN_INS_SHOWN = 20;

/** The signed-in admin's account: live sessions (this one marked) and the latest sign-in attempts. */
export const GET: APIRoute = ({ locals, cookies }) =>
  toResponse(async () => {
    const { auth } = locals.container;
    const { user, token } = adminSession(locals, cookies);
    const [sessions, signIns] = await Promise.all([
      auth.listSessions(user.id, token),
      auth.recentSignIns(user.id, SIGN_INS_SHOWN),
    ]);
    return { user, sessions, signIns };
  });
