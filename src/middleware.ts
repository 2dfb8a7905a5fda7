import { defineMiddleware } from 'astro:middleware';
import { getContainer } from './server/container.ts';
import { json } from './server/http.ts';
import { SESSION_COOKIE } from './server/session-cookie.ts';

const ADMIN_API = '/api/admin/';

/**
 * Puts the ports on locals and guards every admin endpoint on the server: no session cookie
 * is 401, a forged or expired one is 403. Pre-rendered pages only get the container.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const container = getContainer();
  context.locals.container = container;
  context.locals.admin = null;
  if (context.isPrerendered) return next();

  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token) context.locals.admin = await container.auth.verifySession(token);

  if (context.url.pathname.startsWith(ADMIN_API)) {
    if (!token)
      return json(
        { error: { kind: 'unauthorized', message: 'Απαιτείται σύνδεση.', fields: {} } },
        { status: 401 },
      );
    if (!context.locals.admin) {
      return json(
        { error: { kind: 'unauthorized', message: 'Η σύνδεση έληξε. Συνδεθείτε ξανά.', fields: {} } },
        { status: 403 },
      );
    }
  }
  return next();
});
