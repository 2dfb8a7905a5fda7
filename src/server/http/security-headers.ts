import fs from 'node:fs';
import path from 'node:path';

/**
 * The headers every response carries, decided in one place for pre-rendered files and on-demand
 * responses alike (the server sets them just before a response's headers leave).
 *
 * CSP: Astro hashes every script and style it emits (security.csp in astro.config.mjs). An
 * on-demand page carries its policy as a header already; a pre-rendered page's policy is in the
 * build's _headers.json (the Node adapter's staticHeaders), read by `loadPageCsp`. The server adds
 * what only a header can say: frame-ancestors.
 */
export type PageCsp = { byPath: ReadonlyMap<string, string>; fallback: string };

/** Used when a build has no policy for an HTML response: nothing inline runs at all. */
export const STRICT_FALLBACK_CSP =
  "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'; script-src 'self'; style-src 'self'";

/** JSON and other non-pages: nothing may load or frame them as a document. */
const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** Pages with the owner's data or controls (and the pages under them): never framed, never cached. */
const ADMIN_PAGES = ['/admin-login', '/admin-reset-password', '/admin-dashboard'];
/**
 * Responses that are someone's own (API answers, the order confirmation): never stored by a cache,
 * unless the route declares its answer `public` (the catalogue queries, response-cache.ts).
 */
const PRIVATE_PREFIXES = ['/api/', '/order/'];

/** Reads a build's per-page CSP (`_headers.json` in its output folder); null when there is none. */
export function loadPageCsp(outputDir: string): PageCsp | null {
  let entries: Array<{ pathname: string; headers: Array<{ key: string; value: string }> }>;
  try {
    entries = JSON.parse(fs.readFileSync(path.join(outputDir, '_headers.json'), 'utf8'));
  } catch {
    return null;
  }
  // About 1,400 player pages share one or two policies: keep each distinct string once.
  const distinct = new Map<string, string>();
  const byPath = new Map<string, string>();
  const uses = new Map<string, number>();
  for (const entry of entries) {
    const value = entry.headers.find(
      (header) => header.key.toLowerCase() === 'content-security-policy',
    )?.value;
    if (!value) continue;
    const shared = distinct.get(value) ?? value;
    distinct.set(value, shared);
    byPath.set(normalisePath(entry.pathname), shared);
    uses.set(shared, (uses.get(shared) ?? 0) + 1);
  }
  if (byPath.size === 0) return null;
  const fallback = [...uses.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? STRICT_FALLBACK_CSP;
  return { byPath, fallback };
}

/** '/player/A%20B/' and '/player/A B' are the same page. */
export function normalisePath(urlPath: string): string {
  let pathname = urlPath.split('?', 1)[0] ?? '/';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Left as sent: it matches no page, and the fallback policy applies.
  }
  pathname = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/';
}

export type ResponseFacts = {
  urlPath: string;
  status: number;
  contentType: string | undefined;
  /** The CSP the app already set (on-demand pages). */
  csp: string | undefined;
  /** SITE_URL is https: browsers are told to use nothing else. */
  https: boolean;
  /** The Cache-Control the app set: `public` marks an API answer that is the same for everyone. */
  cacheControl?: string | undefined;
};

/** The headers to set on a response, given what it is. */
export function securityHeaders(facts: ResponseFacts, pages: PageCsp | null): Record<string, string> {
  const pathname = normalisePath(facts.urlPath);
  const admin = ADMIN_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
  };
  if (facts.https) headers['strict-transport-security'] = 'max-age=31536000';
  const declaredPublic = !admin && /\bpublic\b/i.test(facts.cacheControl ?? '');
  if (
    admin ||
    (!declaredPublic &&
      PRIVATE_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix))
  ) {
    headers['cache-control'] = 'no-store';
  }

  const html = facts.contentType?.toLowerCase().startsWith('text/html') ?? false;
  if (!html) {
    if (pathname.startsWith('/api/')) headers['content-security-policy'] = NON_HTML_CSP;
    return headers;
  }
  // A pre-rendered page's own policy first (the adapter's static handler may have set another
  // page's: it matches paths by substring), then the one an on-demand page came with.
  const page =
    pages?.byPath.get(pathname) ??
    facts.csp ??
    (facts.status === 404 ? pages?.byPath.get('/404') : undefined) ??
    pages?.fallback ??
    STRICT_FALLBACK_CSP;
  // The storefront may be framed by itself (nothing does so today); the owner's pages by no one.
  const frameAncestors = admin ? "'none'" : "'self'";
  headers['content-security-policy'] = `${page.trim().replace(/;?$/, ';')} frame-ancestors ${frameAncestors}`;
  headers['x-frame-options'] = admin ? 'DENY' : 'SAMEORIGIN';
  return headers;
}
