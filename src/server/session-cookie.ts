import type { AstroCookies } from 'astro';

export const SESSION_COOKIE = 'shop_admin_session';

export function setSessionCookie(
  cookies: AstroCookies,
  token: string,
  expiresAt: Date,
  secure: boolean,
): void {
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}
