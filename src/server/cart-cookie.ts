import type { AstroCookies } from 'astro';

export const CART_COOKIE = 'shop_cart';

export function readCartId(cookies: AstroCookies): string | null {
  return cookies.get(CART_COOKIE)?.value ?? null;
}

/** The cart id lives in an HttpOnly cookie, so it survives reloads and new tabs but not scripts. */
export function setCartCookie(cookies: AstroCookies, cartId: string, days: number, secure: boolean): void {
  cookies.set(CART_COOKIE, cartId, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: days * 86_400,
  });
}

export function clearCartCookie(cookies: AstroCookies): void {
  cookies.delete(CART_COOKIE, { path: '/' });
}
