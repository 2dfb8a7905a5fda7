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
 * Where a request URL (path and query, as sent) must be redirected with 301 to reach the one
 * form, or null when it is in that form already. The target is final: it never redirects again.
 */
export function redirectTarget(url: string): string | null {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  // '//evil.example' would be read by a browser as another host: collapse leading slashes first.
  const single = pathname.replace(/^\/{2,}/, '/');
  const wanted = canonicalPathname(single);
  return wanted === pathname ? null : `${wanted}${query}`;
}
