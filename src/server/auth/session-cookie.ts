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

/**
 * The browser's device id (decision 077): a browser that signed in once keeps its own sign-in
 * allowance, so an attack on the account does not keep its owner out. Sent only to the sign-in
 * endpoint, renewed at each sign-in, and left in place at sign-out (the browser stays known).
 */
export const DEVICE_COOKIE = 'shop_admin_device';
const DEVICE_MAX_AGE_S = 90 * 24 * 3600;

export function setDeviceCookie(cookies: AstroCookies, device: string, secure: boolean): void {
  cookies.set(DEVICE_COOKIE, device, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/session',
    maxAge: DEVICE_MAX_AGE_S,
  });
}
