import type { AstroCookies } from 'astro';
import type { AdminUser } from '../../domain/auth/sign-in.ts';
import { AppError } from '../../domain/errors.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/**
 * The signed-in admin and their session token, for endpoints about the account itself. The
 * middleware has refused requests without a valid session already; this checks again, so such an
 * endpoint can never act without one.
 */
export function adminSession(locals: App.Locals, cookies: AstroCookies): { user: AdminUser; token: string } {
  const token = cookies.get(SESSION_COOKIE)?.value;
  if (!locals.admin || !token) throw new AppError('unauthorized', 'Απαιτείται σύνδεση.');
  return { user: locals.admin, token };
}
