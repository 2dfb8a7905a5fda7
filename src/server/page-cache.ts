import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** A rendered page as kept: its status, its headers and its body, gzipped once. */
type CachedPage = { status: number; headers: Array<[string, string]>; gzip: Buffer; etag: string };

export type PageCache = {
  /**
   * The page for `key`: from the cache, or rendered by `render` once (concurrent requests for the
   * same key wait for that one rendering) and kept when it can be shared. Answers 304 when the
   * request already holds this version (If-None-Match).
   */
  respond(key: string, request: Request, render: () => Promise<Response>): Promise<Response>;
};

/** Headers that belong to one answer, not to the page. */
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'etag', 'set-cookie', 'vary', 'date']);
/** Shared caches may keep the page, but must ask again each time (the ETag makes that a 304). */
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Rendered on-demand pages kept in memory, keyed by what they show (the caller's key holds the
 * data versions and the item's own state), so a change makes a new key and the old page is simply
 * never asked for again; the least recently used pages leave when `maxBytes` is passed.
 */
export function createPageCache(maxBytes = 48 * 1024 * 1024): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.gzip.length + 512,
  });
  const rendering = new Map<string, Promise<CachedPage | Response>>();

  async function renderOnce(key: string, render: () => Promise<Response>): Promise<CachedPage | Response> {
    const response = await render();
    if (!shareable(response)) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const page: CachedPage = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
      gzip: gzipSync(body),
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    pages.set(key, page);
    return page;
  }

  return {
    async respond(key, request, render) {
      let page: CachedPage | Response | undefined = pages.get(key);
      if (!page) {
        let pending = rendering.get(key);
        if (!pending) {
          pending = renderOnce(key, render).finally(() => rendering.delete(key));
          rendering.set(key, pending);
          page = await pending;
        } else {
          // A response that could not be kept is one request's own: render again for this one.
          const shared = await pending;
          page = shared instanceof Response ? await render() : shared;
        }
      }
      return page instanceof Response ? page : answer(page, request);
    },
  };
}

/** Only a plain page everyone sees alike: HTML, 200 or 404, no cookie set. */
function shareable(response: Response): boolean {
  return (
    (response.status === 200 || response.status === 404) &&
    !response.headers.has('set-cookie') &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  );
}

function answer(page: CachedPage, request: Request): Response {
  const headers = new Headers(page.headers);
  // Weak: the same page is sent gzipped or not, byte for byte different.
  headers.set('etag', `W/${page.etag}`);
  headers.set('vary', 'Accept-Encoding');
  if (page.status === 200) headers.set('cache-control', CACHE_CONTROL);
  const known = request.headers.get('if-none-match');
  if (page.status === 200 && known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag))
    return new Response(null, { status: 304, headers });
  const gzip = /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');
  if (gzip) headers.set('content-encoding', 'gzip');
  const body = gzip ? page.gzip : gunzipSync(page.gzip);
  headers.set('content-length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: page.status,
    headers,
  });
}
