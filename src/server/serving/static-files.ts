import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { gzipOwned, ownBytes } from '../cache/own-bytes.ts';
import { contentTypeOf, isCompressible } from './content-types.ts';

/** A file of the build as it is served: its bytes, gzipped when that helps, and its validators. */
type Served = {
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
  contentType: string;
  cacheControl: string;
};

export type StaticFiles = {
  /** Answers the request from the build's files when one matches (true), else leaves it (false). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
};

/** Hashed bundles never change under their name; pages and other files may, with the next build. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * The pre-rendered pages and assets of one build (`client/`), served from memory. A build folder
 * never changes once it is swapped in, so what a path resolves to (a file, or nothing and the app
 * answers) is worked out once and kept: no file-system call on a repeat request. Each file keeps
 * its gzip next to it and a content ETag, so a repeat visit costs a 304. Memory is bounded: the
 * least recently used files leave when the cache passes `maxBytes`, and are read again if asked.
 */
export function createStaticFiles(clientDir: string, maxBytes = 32 * 1024 * 1024): StaticFiles {
  const root = path.resolve(clientDir);
  const files = new LRUCache<string, Served | false>({
    maxSize: maxBytes,
    // A miss is remembered too (a few bytes), so on-demand routes skip the disk after the first time.
    sizeCalculation: (entry) => (entry ? entry.body.length + (entry.gzip?.length ?? 0) + 256 : 64),
  });

  function lookup(pathname: string): Served | false {
    const known = files.get(pathname);
    if (known !== undefined) return known;
    const found = load(root, pathname);
    files.set(pathname, found);
    return found;
  }

  return {
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      const pathname = query === -1 ? url : url.slice(0, query);
      // The app's own routes never are files; skip them without a lookup.
      if (pathname.startsWith('/api/') || pathname.startsWith('/live/')) return false;
      const file = lookup(pathname);
      if (!file) return false;
      const gzip = file.gzip !== null && acceptsGzip(req.headers['accept-encoding']);
      // Each encoding is its own representation, so each has its own strong ETag.
      const etag = gzip ? `${file.etag.slice(0, -1)}-gz"` : file.etag;
      res.setHeader('content-type', file.contentType);
      res.setHeader('cache-control', file.cacheControl);
      res.setHeader('etag', etag);
      if (file.gzip !== null) res.setHeader('vary', 'Accept-Encoding');
      if (matches(req.headers['if-none-match'], etag)) {
        res.writeHead(304).end();
        return true;
      }
      const body = gzip && file.gzip ? file.gzip : file.body;
      if (gzip) res.setHeader('content-encoding', 'gzip');
      res.setHeader('content-length', body.length);
      res.writeHead(200);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}

/** The file a URL path names in the build: the file itself, or a page folder's index.html. */
function load(root: string, pathname: string): Served | false {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (decoded.includes('\0')) return false;
  const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (target !== root && !target.startsWith(`${root}${path.sep}`)) return false;
  // Dot files are never served (the adapter's rule too), except the well-known folder.
  const relative = path.relative(root, target);
  if (relative.split(path.sep).some((part) => part.startsWith('.')) && !relative.startsWith('.well-known'))
    return false;
  for (const candidate of [target, path.join(target, 'index.html')]) {
    let body: Buffer;
    try {
      if (!fs.statSync(candidate).isFile()) continue;
      body = ownBytes(fs.readFileSync(candidate));
    } catch {
      continue;
    }
    const contentType = contentTypeOf(candidate);
    const gzip = isCompressible(contentType) && body.length >= 1024 ? gzipOwned(body) : null;
    return {
      body,
      gzip: gzip && gzip.length < body.length ? gzip : null,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      contentType,
      cacheControl: pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE,
    };
  }
  return false;
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
