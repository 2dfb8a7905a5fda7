import fs from 'node:fs';
import path from 'node:path';

/** Path prefixes that are pre-rendered per item and have an on-demand twin under /live. */
const PRE_RENDERED_WITH_FALLBACK = ['/player/'];
export const LIVE_PREFIX = '/live';

/**
 * The URL to hand to the app for a pre-rendered item: its file, named outright
 * (`.../index.html`), when one exists, else the on-demand twin (/live/player/...), so something
 * created after the last build is never a 404. Naming the file matters for names holding `&`,
 * `+` or `,`: the static handler decodes paths with decodeURI, which leaves `%26` encoded, misses
 * the folder and would answer with a redirect to a trailing-slash URL (decision 040).
 */
export function withLiveFallback(url: string, clientDir: string): string {
  const [pathname = '/', query] = url.split('?', 2);
  if (!PRE_RENDERED_WITH_FALLBACK.some((prefix) => pathname.startsWith(prefix))) return url;
  const search = query === undefined ? '' : `?${query}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return url;
  }
  const file = path.join(clientDir, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''), 'index.html');
  if (file.startsWith(clientDir) && fs.existsSync(file)) return `${pathname}/index.html${search}`;
  return `${LIVE_PREFIX}${pathname}${search}`;
}
