import type { AstroCookies } from 'astro';
import { stringifySetCookie } from 'cookie';

export const CART_COOKIE = 'shop_cart';

export function readCartId(cookies: AstroCookies): string | null {
  return cookies.get(CART_COOKIE)?.value ?? null;
}

/** The cart id lives in an HttpOnly cookie, so it survives reloads and new tabs but not scripts. */
const cartCookieOptions = (days: number, secure: boolean) =>
  ({ httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: days * 86_400 }) as const;

export function setCartCookie(cookies: AstroCookies, cartId: string, days: number, secure: boolean): void {
  cookies.set(CART_COOKIE, cartId, cartCookieOptions(days, secure));
}

/** The Set-Cookie header of the cart cookie, as setCartCookie has Astro write it. */
export function cartCookieHeader(cartId: string, days: number, secure: boolean): string {
  return stringifySetCookie({ name: CART_COOKIE, value: cartId, ...cartCookieOptions(days, secure) });
}

export function clearCartCookie(cookies: AstroCookies): void {
  cookies.delete(CART_COOKIE, { path: '/' });
}

/** The Set-Cookie header that ends the cart cookie, as clearCartCookie has Astro write it. */
export const CLEARED_CART_COOKIE = stringifySetCookie({
  name: CART_COOKIE,
  value: 'deleted',
  path: '/',
  expires: new Date(0),
});
