import type { APIRoute } from 'astro';
import { credentialsSchema } from '../../ports/auth.ts';
import { readJson, toResponse } from '../../server/http.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../server/session-cookie.ts';

export const prerender = false;

/** Sign in: a new session token every time, in an HttpOnly cookie. */
export const POST: APIRoute = ({ request, cookies, clientAddress, url, locals }) =>
  toResponse(async () => {
    const credentials = await readJson(request, credentialsSchema, 4096);
    const session = await locals.container.auth.signIn(
      credentials,
      clientAddress,
      request.headers.get('user-agent') ?? '',
    );
    const previous = cookies.get(SESSION_COOKIE)?.value;
    if (previous) await locals.container.auth.signOut(previous);
    setSessionCookie(cookies, session.token, session.expiresAt, url.protocol === 'https:');
    return { user: session.user };
  });

export const GET: APIRoute = ({ locals }) => toResponse(async () => ({ user: locals.admin }));

/** Sign out: the session ends on the server, not only in the browser. */
export const DELETE: APIRoute = ({ cookies, locals }) =>
  toResponse(async () => {
    const token = cookies.get(SESSION_COOKIE)?.value;
    if (token) await locals.container.auth.signOut(token);
    clearSessionCookie(cookies);
    return { ok: true };
  });
