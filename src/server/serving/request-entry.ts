import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import onHeaders from 'on-headers';
import { log, logPath, maskAddress } from '../../lib/log.ts';
import { type Client, forwardedClient, presentClient, socketClient } from '../http/proxy.ts';
import { type PageCsp, securityHeaders } from '../http/security-headers.ts';

export type EntryOptions = {
  /** TRUST_PROXY: how many reverse proxies stand in front of the shop (0: none, trust no header). */
  trustProxyHops: number;
  /** SITE_URL is https. */
  https: boolean;
  /** The per-page CSP of the build being served. */
  pages: () => PageCsp | null;
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The methods the shop answers; fetch's Request cannot even hold others (TRACE, CONNECT). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Answers 405 for a method the shop does not serve, before the app sees it (Astro's Node adapter
 * throws on TRACE while building its Request, outside any handler that could catch it). Returns
 * whether it answered.
 */
export function refuseUnknownMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if (METHODS.has(req.method ?? '')) return false;
  res
    .writeHead(405, { allow: [...METHODS].join(', '), 'content-type': 'application/json; charset=utf-8' })
    .end(
      JSON.stringify({
        error: { kind: 'invalid', message: 'Η μέθοδος αιτήματος δεν υποστηρίζεται.', fields: {} },
      }),
    );
  return true;
}

/** Answers 500 (once, if nothing was sent yet) for an error thrown outside the app's own handling. */
export function failSafely(res: ServerResponse, error: unknown): void {
  log.error('Unexpected error outside the app', { error });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(
    JSON.stringify({
      error: { kind: 'unavailable', message: 'Κάτι πήγε στραβά. Προσπάθησε ξανά.', fields: {} },
    }),
  );
}

const headerText = (res: ServerResponse, name: string) => {
  const value = res.getHeader(name);
  return value === undefined ? undefined : String(value);
};

/**
 * What the shop's own HTTP server does for every request before the app sees it: finds the real
 * client behind a trusted proxy, gives the request an id (echoed in X-Request-Id, attached to
 * every log line), adds the security headers just before the response's headers leave (whoever
 * wrote them: a pre-rendered file or an on-demand route), and logs one JSON line when it ends.
 * Returns the request id, which the caller runs the app inside (`withRequestId(id, ...)`), and the
 * client (behind a trusted proxy, the one the proxy saw).
 */
export function enterRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: EntryOptions,
): { requestId: string; client: Client } {
  const client = forwardedClient(req.headers, socketClient(req), options.trustProxyHops);
  if (options.trustProxyHops > 0) presentClient(req, client);

  // A proxy's id is kept only when the proxy is trusted, so a client cannot choose ids that collide.
  const given = options.trustProxyHops > 0 ? req.headers['x-request-id'] : undefined;
  const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  req.headers['x-request-id'] = requestId;
  res.setHeader('x-request-id', requestId);

  onHeaders(res, function (this: ServerResponse) {
    const headers = securityHeaders(
      {
        urlPath: req.url ?? '/',
        status: this.statusCode,
        contentType: headerText(this, 'content-type'),
        csp: headerText(this, 'content-security-policy'),
        https: options.https,
        cacheControl: headerText(this, 'cache-control'),
      },
      options.pages(),
    );
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
  });

  const started = performance.now();
  const method = req.method ?? 'GET';
  const path = logPath(req.url ?? '/');
  const fields = () => ({
    requestId,
    method,
    path,
    status: res.statusCode,
    durationMs: Math.round(performance.now() - started),
    ip: maskAddress(client.ip),
  });
  res.once('finish', () => log.info('request', fields()));
  // A browser that navigates away drops its image loads: normal, so info, not a warning.
  res.once('close', () => {
    if (!res.writableFinished) log.info('request aborted', fields());
  });
  return { requestId, client };
}
