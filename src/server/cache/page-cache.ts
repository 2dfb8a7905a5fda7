import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { gzipOwned } from './own-bytes.ts';

/**
 * A rendered answer as cached: its status, its headers and its body gzipped once. Only the gzip
 * is kept: a product page of 100 KB is 13 KB gzipped, so the cache holds eight times the pages
 * (500 product pages plain and gzipped overflowed its 48 MB, and every request of a shopper mix
 * rendered again). Browsers take gzip; the rare client that does not gets it unzipped (0.2 ms).
 */
export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  gzip: Buffer;
  etag: string;
};

/** What of a request decides how a cached page is sent: the method and two headers. */
export type AskedFor = {
  method: string;
  ifNoneMatch: string | null | undefined;
  acceptEncoding: string | null | undefined;
};

/** A cached page made ready for one request: 304 to a client that holds it, gzip when accepted. */
export type Answer = { status: number; headers: Array<[string, string]>; body: Buffer | null };

export type PageCache = {
  /**
   * The page for `key`: from the cache, or rendered by `render` once (concurrent requests for the
   * same key wait for that one rendering) and cached when it can be shared. Answers 304 when the
   * request already holds this version (If-None-Match).
   */
  respond(key: string, request: Request, render: () => Promise<Response>): Promise<Response>;
  /** The page cached for `key`, if any: what the fast path answers with before the app runs. */
  find(key: string): CachedPage | undefined;
  /** Tells `listener` of each page this cache renders and keeps (to hand it to other processes). */
  onCached(listener: (key: string, page: CachedPage) => void): void;
  /** Keeps a page another process rendered for `key`, unless one is cached already. */
  adopt(key: string, page: CachedPage): void;
};

/** Headers that belong to one answer, not to the page. */
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'etag', 'set-cookie', 'vary', 'date']);
/** Shared caches may keep the page, but must ask again each time (the ETag makes that a 304). */
export const CACHED_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Rendered on-demand answers cached in memory, keyed by what they show (the caller's key holds the
 * data versions and the item's own state), so a change makes a new key and the old answer is
 * simply never asked for again; the least recently used leave when `maxBytes` is passed.
 */
export function createPageCache(maxBytes = 48 * 1024 * 1024): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.gzip.length + 512,
  });
  const rendering = new Map<string, Promise<CachedPage | Response>>();
  let onCached: (key: string, page: CachedPage) => void = () => undefined;

  async function renderOnce(key: string, render: () => Promise<Response>): Promise<CachedPage | Response> {
    const response = await render();
    if (!shareable(response)) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const page: CachedPage = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
      gzip: gzipOwned(body),
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    pages.set(key, page);
    onCached(key, page);
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
          // A response that could not be cached is one request's own: render again for this one.
          const shared = await pending;
          page = shared instanceof Response ? await render() : shared;
        }
      }
      if (page instanceof Response) return page;
      const { status, headers, body } = answerFor(page, {
        method: request.method,
        ifNoneMatch: request.headers.get('if-none-match'),
        acceptEncoding: request.headers.get('accept-encoding'),
      });
      return new Response(body ? new Uint8Array(body) : null, { status, headers });
    },
    find: (key) => pages.get(key),
    onCached(listener) {
      onCached = listener;
    },
    adopt(key, page) {
      if (!pages.has(key)) pages.set(key, page);
    },
  };
}

/**
 * Only an answer everyone sees alike: 200 or 404, HTML or JSON, no cookie set, and nothing that
 * forbids keeping it (`no-store`, `private`), as a shared HTTP cache would judge.
 */
function shareable(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  const control = response.headers.get('cache-control') ?? '';
  return (
    (response.status === 200 || response.status === 404) &&
    !response.headers.has('set-cookie') &&
    !/\b(no-store|private)\b/i.test(control) &&
    (type.startsWith('text/html') || type.startsWith('application/json'))
  );
}

/** How a cached page is sent to one request, whoever sends it (the app or the fast path). */
export function answerFor(page: CachedPage, asked: AskedFor): Answer {
  const fresh = page.status === 200;
  const headers = page.headers.filter(([name]) => !(fresh && name.toLowerCase() === 'cache-control'));
  // Weak: the same page is sent gzipped or not, byte for byte different.
  headers.push(['etag', `W/${page.etag}`], ['vary', 'Accept-Encoding']);
  if (fresh) headers.push(['cache-control', CACHED_CACHE_CONTROL]);
  const known = asked.ifNoneMatch;
  if (fresh && known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag))
    return { status: 304, headers, body: null };
  const gzip = /\bgzip\b/i.test(asked.acceptEncoding ?? '');
  if (gzip) headers.push(['content-encoding', 'gzip']);
  const body = gzip ? page.gzip : gunzipSync(page.gzip);
  headers.push(['content-length', String(body.length)]);
  return { status: page.status, headers, body: asked.method === 'HEAD' ? null : body };
}

let shared: PageCache | undefined;

/** The process's cache of rendered answers, shared by the app and the fast path (decision 079). */
export function sharedPageCache(): PageCache {
  shared ??= createPageCache();
  return shared;
}
