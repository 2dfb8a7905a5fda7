/**
 * The shop's one URL form (decision 040): no trailing slash, no `index.html`. Links, canonical
 * tags, the sitemap and the server's redirects all go through these two functions.
 */

/** `/singles/` -> `/singles`, `/x/index.html` -> `/x`; the root stays `/`. Encoding is kept as is. */
export function canonicalPathname(pathname: string): string {
  const trimmed = pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * A path that starts with two slashes is read by a browser as another host (`//evil.example`),
 * and so is a backslash in their place (`/\evil.example`, `\/evil.example`); a proxy or client
 * that decodes `%2F` or `%5C` first would read the encoded forms alike. Any such run at the start
 * becomes one slash.
 */
const LEADING_SLASHES = /^(?:[/\\]|%2f|%5c)+/i;

/** Whether a browser resolving `location` on this site would stay on it. */
function staysOnSite(location: string): boolean {
  const base = 'http://shop.invalid';
  try {
    return new URL(location, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * Where a request URL (path and query, as sent) must be redirected with 301 to reach the one
 * form, or null when it is in that form already. The target is final: it never redirects again,
 * and it is always on this site.
 */
export function redirectTarget(url: string): string | null {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const wanted = canonicalPathname(pathname.replace(LEADING_SLASHES, '/'));
  if (wanted === pathname) return null;
  const target = `${wanted}${query}`;
  return staysOnSite(target) ? target : '/';
}

/**
 * `url` (path and query, as sent) itself when it is a path on this site that no browser reads as
 * another host; `/` otherwise. For an answer that sends a client to the address it asked for.
 */
export function sameAddressOnSite(url: string): string {
  return LEADING_SLASHES.exec(url)?.[0] === '/' && staysOnSite(url) ? url : '/';
}
