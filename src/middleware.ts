import { defineMiddleware } from 'astro:middleware';
import { isAppError } from './domain/errors.ts';
import { SESSION_COOKIE } from './server/auth/session-cookie.ts';
import { sharedPageCache } from './server/cache/page-cache.ts';
import { cachedProductPage } from './server/cache/product-page-cache.ts';
import { isCachedRoute, responseCacheKey } from './server/cache/response-cache.ts';
import { getContainer } from './server/container.ts';
import { errorAnswer, errorResponse, json } from './server/http/http.ts';
import { fromOtherSite, isSafeMethod } from './server/http/same-site.ts';

const refuse = (status: number, message: string) =>
  json({ error: { kind: 'unauthorized', message, fields: {} } }, { status });

/**
 * The product page's route: on demand, cached per content version (response-cache.ts) or, on a hosted
 * backend without one, per product state (product-page-cache.ts).
 */
const PRODUCT_PAGE = '/product/[id]';

/** Admin endpoints outside /api/admin: the spec's /api/{platform}-admin proxy. */
const ADMIN_PATHS = ['/api/shopify-admin'];

/** Whether the route is an admin endpoint, judged by the matched route and not only the raw path. */
function isAdminApi(routePattern: string, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/{2,}/g, '/');
  return (
    routePattern.startsWith('/api/admin') ||
    path.startsWith('/api/admin') ||
    ADMIN_PATHS.some((admin) => routePattern === admin || path === admin || path.startsWith(`${admin}/`))
  );
}

/**
 * Puts the ports on locals and guards the API on the server, whatever the browser does:
 * - a state-changing request from another site's page is refused (on top of Astro's origin check,
 *   which covers form posts, and the SameSite=Lax session cookie);
 * - every admin endpoint needs a valid session: none is 401, a forged or expired one is 403.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const container = getContainer();
  context.locals.container = container;
  context.locals.admin = null;
  if (context.isPrerendered) return next();

  const { request, url } = context;
  const origin = request.headers.get('origin');
  if (!isSafeMethod(request.method) && fromOtherSite(origin, request.headers.get('host') ?? url.host))
    return refuse(403, 'Το αίτημα απορρίφθηκε (άλλη προέλευση).');

  const token = context.cookies.get(SESSION_COOKIE)?.value;
  const reading = request.method === 'GET' || request.method === 'HEAD';
  let version: string | undefined;
  try {
    if (token) context.locals.admin = await container.auth.verifySession(token);
    // Read before rendering: what is rendered is at least as new as the version it is cached under.
    if (reading && isCachedRoute(context.routePattern))
      version = (await container.contentVersion?.()) ?? undefined;
  } catch (error) {
    return unavailable(error, url);
  }

  if (isAdminApi(context.routePattern, url.pathname)) {
    if (!token) return refuse(401, 'Απαιτείται σύνδεση.');
    if (!context.locals.admin) return refuse(403, 'Η σύνδεση έληξε. Συνδεθείτε ξανά.');
  }
  try {
    if (reading) {
      if (version)
        return await sharedPageCache().respond(
          responseCacheKey(version, new URL(request.url)),
          request,
          next,
        );
      if (context.routePattern === PRODUCT_PAGE) return await cachedProductPage(context, next);
    }
    return await next();
  } catch (error) {
    // A page rendered on demand whose data could not be read; the API routes answer their own.
    if (isAppError(error) && error.kind === 'unavailable') return unavailable(error, url);
    throw error;
  }
});

/**
 * The database is away (503, "try again"): an API call gets the JSON error its route would give,
 * a page the words alone.
 */
function unavailable(error: unknown, url: URL): Response {
  if (url.pathname.startsWith('/api/')) return errorResponse(error);
  const { status, body } = errorAnswer(error);
  return new Response(body.error.message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}
