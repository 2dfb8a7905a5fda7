import type { APIRoute } from 'astro';
import { signInProofSchema } from '../../domain/auth/sign-in.ts';
import { publicFirebaseConfig } from '../../server/auth/public-config.ts';
import {
  clearSessionCookie,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  setDeviceCookie,
  setSessionCookie,
} from '../../server/auth/session-cookie.ts';
import { readJson, toResponse } from '../../server/http/http.ts';

export const prerender = false;

/**
 * Sign in: a new session token every time, in an HttpOnly cookie. The body holds email and
 * password, or (AUTH_BACKEND=firebase) the ID token the browser got from Firebase. The browser's
 * device id goes along and comes back renewed (decision 077).
 */
export const POST: APIRoute = ({ request, cookies, clientAddress, url, locals }) =>
  toResponse(async () => {
    const proof = await readJson(request, signInProofSchema, 12_288);
    const session = await locals.container.auth.signIn(
      proof,
      clientAddress,
      request.headers.get('user-agent') ?? '',
      cookies.get(DEVICE_COOKIE)?.value,
    );
    const previous = cookies.get(SESSION_COOKIE)?.value;
    if (previous) await locals.container.auth.signOut(previous);
    const secure = url.protocol === 'https:';
    setSessionCookie(cookies, session.token, session.expiresAt, secure);
    setDeviceCookie(cookies, session.device, secure);
    return { user: session.user };
  });

/** Who is signed in, and how the login page signs in (the public Firebase config, or null). */
export const GET: APIRoute = ({ locals }) =>
  toResponse(async () => ({ user: locals.admin, firebase: publicFirebaseConfig(locals.container.env) }));

/** Sign out: the session ends on the server, not only in the browser. */
export const DELETE: APIRoute = ({ cookies, locals }) =>
  toResponse(async () => {
    const token = cookies.get(SESSION_COOKIE)?.value;
    if (token) await locals.container.auth.signOut(token);
    clearSessionCookie(cookies);
    return { ok: true };
  });
