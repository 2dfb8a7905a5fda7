import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { redirectTarget, sameAddressOnSite } from '../../domain/seo/url-form.ts';
import { withRequestId } from '../../lib/log.ts';
import { answerFor, sharedPageCache } from '../cache/page-cache.ts';
import { mayBeCached, responseCacheKey } from '../cache/response-cache.ts';
import { type Container, getContainer } from '../container.ts';
import type { Env } from '../env.ts';
import { isSafeMethod } from '../http/same-site.ts';
import { loadPageCsp } from '../http/security-headers.ts';
import type { CurrentBuild } from '../rebuild/current-build.ts';
import { answerOnFastPath, fastPathEndpoint } from './fast-path.ts';
import { withLiveFallback } from './live-fallback.ts';
import { enterRequest, failSafely, refuseUnknownMethod } from './request-entry.ts';
import { createStaticFiles } from './static-files.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

export type StorefrontServer = {
  server: http.Server;
  /**
   * Stops taking connections and resolves when the last one has ended (or at `graceMs`, when the
   * connections left are closed). Keep-alive connections get `Connection: close` on their next
   * answer, so browsers move to the processes serving the newer build. Idle ones are closed at
   * once when the shop stops (`close`); after a swap (`keep`) they end at their keep-alive timeout,
   * and a GET or HEAD sent on one meanwhile is sent on to the newer build (`sendToNewerBuild`).
   */
  retire(graceMs: number, idleConnections: 'keep' | 'close'): Promise<void>;
};

/**
 * The HTTP server of one storefront build, as a worker process runs it: the build's own handler
 * (Astro's Node adapter in middleware mode: on-demand pages, API routes and the 404 page) behind
 * what the shop does on the fast path (client address, request id, security headers, access log), the
 * one URL form's redirects, pre-rendered files from memory, answers the app rendered and cached for
 * the current content version (response-cache.ts, also from memory), cart adds and orders answered
 * without the app (fast-path.ts), and gzip.
 */
export async function createStorefrontServer(
  env: Env,
  build: CurrentBuild,
  { contentVersion, counterCache }: Pick<Container, 'contentVersion' | 'counterCache'>,
): Promise<StorefrontServer> {
  const entry = pathToFileURL(path.join(build.outputDir, 'server', 'entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: Handler };
  const pages = loadPageCsp(build.outputDir);
  const clientDir = path.join(build.outputDir, 'client');
  const staticFiles = createStaticFiles(clientDir);
  // gzip for HTML, CSS, JS, JSON and SVG (compression skips images that are compressed already).
  const compress = compression({ threshold: 1024 });
  const entryOptions = {
    trustProxyHops: env.trustProxyHops,
    https: env.siteUrl.startsWith('https:'),
    pages: () => pages,
  };
  /** Set once retired: after a swap (`keep`), or as the shop stops (`close`). */
  let retired: 'keep' | 'close' | null = null;

  const server = http.createServer((req, res) => {
    const { requestId, client } = enterRequest(req, res, entryOptions);
    if (retired) res.setHeader('connection', 'close');
    if (retired === 'keep' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendToNewerBuild(req, res);
      return;
    }
    if (refuseUnknownMethod(req, res)) return;
    // A request that may write: the cached counters step aside until its answer is sent.
    if (counterCache && !isSafeMethod(req.method)) res.once('close', counterCache.writing());
    if (!decodable(req.url ?? '/')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Μη έγκυρη διεύθυνση.');
      return;
    }
    if (req.url && (req.method === 'GET' || req.method === 'HEAD')) {
      // One URL form (decision 040): /singles/ answers 301 to /singles, in one step.
      const target = redirectTarget(req.url);
      if (target) {
        res.writeHead(301, { location: target }).end();
        return;
      }
      req.url = withLiveFallback(req.url, clientDir);
      if (staticFiles.serve(req, res)) return;
      if (contentVersion && mayBeCached(req.url.split('?', 1)[0] ?? '')) {
        sendCached(req, res, contentVersion).then(
          (sent) => sent || runApp(),
          () => runApp(),
        );
        return;
      }
    }
    const endpoint = fastPathEndpoint(req);
    if (endpoint) {
      withRequestId(requestId, () =>
        answerOnFastPath(endpoint, req, res, getContainer(), client).catch((error: unknown) =>
          failSafely(res, error),
        ),
      );
      return;
    }
    runApp();

    function runApp() {
      // compression is Express-style middleware; plain Node requests and responses are what it needs.
      withRequestId(requestId, () =>
        compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
          handler(req, res).catch((error: unknown) => failSafely(res, error));
        }),
      );
    }
  });

  return {
    server,
    retire(graceMs, idleConnections) {
      retired = idleConnections;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, graceMs);
        timer.unref();
        // The listener's close, not http.Server's: that one also closes every idle keep-alive
        // connection at once (Node 19 on), under the request a client may be sending on it, which
        // then fails (ECONNRESET). Left open, an idle connection ends at the keep-alive timeout
        // that every answer announces (`Keep-Alive: timeout=5`, which clients honour), or with
        // the next answer on it, which says `Connection: close`.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(timer);
          resolve();
        });
        if (idleConnections === 'close') server.closeIdleConnections();
      });
    },
  };
}

/**
 * A read that reached a worker after a newer build was swapped in, on a connection kept alive
 * from before: answered from this build, it would show the page as it was before the change the
 * swap put live (a product just saved missing from its player's page). A 307 to the same address
 * with `Connection: close` has the client ask again on a new connection, which the main process
 * hands to the newer build's workers; browsers and fetch follow it with no sign. Writes are still
 * answered here: they change the database, not the build, and not every client can send a body
 * again (an upload's stream).
 * Anything but a plain path (`//host`, `/\host`, an absolute URL) goes to `/` instead
 * (`sameAddressOnSite`), so this is never a way to send a browser elsewhere.
 */
function sendToNewerBuild(req: http.IncomingMessage, res: http.ServerResponse): void {
  const location = sameAddressOnSite(req.url ?? '/');
  res.writeHead(307, { location, 'cache-control': 'no-store', 'content-length': '0' }).end();
}

/**
 * Answers from the answer the app cached for this URL under the current content version, without running the
 * app; false when there is none (the app renders it, and keeps it for the next request).
 */
async function sendCached(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  contentVersion: () => Promise<string>,
): Promise<boolean> {
  const page = sharedPageCache().find(
    responseCacheKey(await contentVersion(), new URL(req.url ?? '/', 'http://shop.invalid')),
  );
  if (!page) return false;
  const answer = answerFor(page, {
    method: req.method ?? 'GET',
    ifNoneMatch: req.headers['if-none-match'],
    acceptEncoding: req.headers['accept-encoding'],
  });
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.writeHead(answer.status);
  res.end(answer.body ?? undefined);
  return true;
}

/** A URL the app can read: Astro's Request cannot be made from a malformed escape such as `%E0%A4%A`. */
function decodable(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}
