import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie } from 'cookie';
import { addCartLineEndpoint } from '../cart/cart-line-endpoint.ts';
import type { Container } from '../container.ts';
import { JSON_HEADERS, parseJson } from '../http/http.ts';
import { answerJson, type JsonEndpoint } from '../http/json-endpoint.ts';
import type { Client } from '../http/proxy.ts';
import { fromOtherSite } from '../http/same-site.ts';
import { placeOrderEndpoint } from '../orders/order-endpoint.ts';

/**
 * The JSON endpoints the server answers on its fast path, without Astro (decision 069): the two writes
 * of a purchase, which must stay fast while many shoppers buy at once. Their Astro routes stay,
 * for `astro dev` and for every request the fast path leaves to the app.
 */
const ON_THE_FAST_PATH = new Map<string, JsonEndpoint>([
  ['POST /api/cart/lines', addCartLineEndpoint],
  ['POST /api/orders', placeOrderEndpoint],
]);

/** Astro's origin check judges requests with these bodies (security.checkOrigin). */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * The endpoint the fast path answers this request with, or null to leave it to the app. The fast path
 * takes only requests the app would pass on to the endpoint unchanged: a JSON (not form) body,
 * so Astro's origin check has nothing to say; no Origin of another site, which the middleware
 * refuses; and a declared length within the endpoint's limit, so it never has to refuse a body
 * half read. Anything else goes the app's way and gets the app's answer.
 */
export function fastPathEndpoint(req: IncomingMessage): JsonEndpoint | null {
  const endpoint = ON_THE_FAST_PATH.get(`${req.method} ${req.url}`);
  if (!endpoint) return null;
  const type = req.headers['content-type']?.toLowerCase();
  if (!type || FORM_TYPES.some((form) => type.includes(form))) return null;
  if (fromOtherSite(req.headers.origin, req.headers.host ?? '')) return null;
  const length = req.headers['content-length'];
  if (length === undefined || !/^\d+$/.test(length) || Number(length) > endpoint.maxBytes) return null;
  return endpoint;
}

/** Answers the request with the endpoint, as its Astro route would (json-endpoint.ts). */
export async function answerOnFastPath(
  endpoint: JsonEndpoint,
  req: IncomingMessage,
  res: ServerResponse,
  container: Container,
  client: Client,
): Promise<void> {
  let cookies: Record<string, string | undefined> | null = null;
  const answer = await answerJson(endpoint, container, {
    json: async (schema) => parseJson(await bodyOf(req), schema),
    cookie: (name) => {
      cookies ??= parseCookie(req.headers.cookie ?? '');
      return cookies[name];
    },
    clientAddress: client.ip,
    https: client.protocol === 'https',
  });
  const body = Buffer.from(JSON.stringify(answer.body));
  const headers: Record<string, string | string[] | number> = {
    ...JSON_HEADERS,
    'content-length': body.length,
  };
  if (answer.setCookies.length > 0) headers['set-cookie'] = answer.setCookies;
  res.writeHead(answer.status, headers).end(body);
}

/** The body, whose declared length fastPathEndpoint checked; Node's parser ends it there. */
async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
