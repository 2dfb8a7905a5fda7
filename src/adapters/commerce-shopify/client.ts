import type { GraphQLClient } from 'graphql-request';
import { AppError } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import { loadSdk } from '../load-sdk.ts';

/**
 * One Shopify GraphQL endpoint (Storefront or Admin) on graphql-request, with the retries Shopify
 * asks clients for: a 429 waits for its Retry-After, a 5xx or a dropped connection backs off, and
 * an Admin answer of THROTTLED waits until the cost bucket (extensions.cost.throttleStatus) has
 * refilled enough for the query. Every answer's bucket state is remembered, so the next request
 * waits before it would be throttled. Tokens go in headers only, never in errors or logs.
 */
export type ShopifyEndpoint = {
  api: 'storefront' | 'admin';
  storeDomain: string;
  version: string;
  token: string;
  /** http for the local double; https for Shopify. */
  protocol?: 'https' | 'http';
};

export type ShopifyClientOptions = {
  maxAttempts?: number;
  timeoutMs?: number;
  /** Longest single wait, so a bad header never parks a request for minutes. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The clock the bucket's refill is reckoned by (tests move their own). */
  now?: () => number;
};

type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
type Cost = { requestedQueryCost?: number; actualQueryCost?: number | null; throttleStatus?: ThrottleStatus };
type WireError = { message?: string; extensions?: { code?: string } };

export type RequestOptions = {
  /**
   * false for a mutation that must not run twice (productCreate, appending media): it is repeated
   * only after an answer that says it did not run (429, THROTTLED), never after a 5xx, a timeout
   * or a dropped connection, whose outcome is unknown. Default true.
   */
  repeatable?: boolean;
};

export type ShopifyClient = {
  request<T>(document: string, variables?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
  /** The raw answer for the proxies: data and errors as Shopify sent them, after the same retries. */
  raw(
    document: string,
    variables?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<{ data: unknown; errors?: unknown; extensions?: unknown }>;
};

export function endpointUrl(endpoint: ShopifyEndpoint): string {
  const base = `${endpoint.protocol ?? 'https'}://${endpoint.storeDomain}`;
  return endpoint.api === 'admin'
    ? `${base}/admin/api/${endpoint.version}/graphql.json`
    : `${base}/api/${endpoint.version}/graphql.json`;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const label = (api: ShopifyEndpoint['api']) =>
  api === 'admin' ? 'Shopify Admin API' : 'Shopify Storefront API';

/** Seconds in a Retry-After header (Shopify sends "2.0"), or an HTTP date; null when unusable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** How long until the bucket holds `needed` points again. */
export function refillMs(status: ThrottleStatus, needed: number): number {
  const missing = needed - status.currentlyAvailable;
  if (missing <= 0 || status.restoreRate <= 0) return 0;
  return Math.ceil((missing / status.restoreRate) * 1000);
}

export function createShopifyClient(
  endpoint: ShopifyEndpoint,
  options: ShopifyClientOptions = {},
): ShopifyClient {
  const maxAttempts = options.maxAttempts ?? 4;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const name = label(endpoint.api);
  const { ClientError, GraphQLClient } = loadSdk<typeof import('graphql-request')>('graphql-request');
  const client = new GraphQLClient(endpointUrl(endpoint), {
    headers:
      endpoint.api === 'admin'
        ? { 'X-Shopify-Access-Token': endpoint.token }
        : { 'X-Shopify-Storefront-Access-Token': endpoint.token },
    errorPolicy: 'all',
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  // The last bucket state Shopify reported, and when: the next request waits if it would not fit.
  let bucket: { status: ThrottleStatus; at: number; cost: number } | null = null;

  const backoff = (attempt: number) => Math.min(maxWaitMs, 250 * 2 ** attempt);

  async function paceForBucket() {
    if (!bucket) return;
    const elapsed = (now() - bucket.at) / 1000;
    const available = Math.min(
      bucket.status.maximumAvailable,
      bucket.status.currentlyAvailable + elapsed * bucket.status.restoreRate,
    );
    const wait = refillMs({ ...bucket.status, currentlyAvailable: available }, bucket.cost);
    if (wait > 0) await sleep(Math.min(wait, maxWaitMs));
  }

  async function raw(
    document: string,
    variables: Record<string, unknown> = {},
    { repeatable = true }: RequestOptions = {},
  ) {
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= maxAttempts;
      // Only for repeatable requests: a retry after an unknown outcome could apply a change twice.
      const lastUnknown = last || !repeatable;
      await paceForBucket();
      let answer: Awaited<ReturnType<GraphQLClient['rawRequest']>>;
      try {
        answer = await client.rawRequest(document, variables);
      } catch (error) {
        if (error instanceof ClientError) {
          const status = error.response.status;
          if (status === 429 && !last) {
            const wait = retryAfterMs(error.response.headers?.get('retry-after') ?? null) ?? backoff(attempt);
            await sleep(Math.min(wait, maxWaitMs));
            continue;
          }
          if (status >= 500 && !lastUnknown) {
            await sleep(backoff(attempt));
            continue;
          }
          log.error('Shopify refused a request', { api: name, status, attempts: attempt });
          if (status === 429)
            throw new AppError('rate_limited', 'Το Shopify δέχεται πολλά αιτήματα. Δοκιμάστε ξανά σε λίγο.');
          if (status === 401 || status === 403)
            throw new AppError('unavailable', 'Το Shopify αρνήθηκε το κλειδί πρόσβασης του καταστήματος.');
          throw new AppError('unavailable', 'Το Shopify δεν απαντά. Δοκιμάστε ξανά σε λίγο.');
        }
        // A dropped connection or a timeout: worth another try.
        if (!lastUnknown) {
          await sleep(backoff(attempt));
          continue;
        }
        log.error('Shopify did not answer', { api: name, attempts: attempt, error });
        throw new AppError('unavailable', 'Το Shopify δεν απαντά. Δοκιμάστε ξανά σε λίγο.');
      }

      const cost = (answer.extensions as { cost?: Cost } | undefined)?.cost;
      if (cost?.throttleStatus)
        bucket = { status: cost.throttleStatus, at: now(), cost: cost.requestedQueryCost ?? 0 };
      const errors = (answer.errors ?? []) as WireError[];
      if (errors.some((error) => error.extensions?.code === 'THROTTLED') && !last) {
        // The pacing at the top of the loop waits for the refill the answer reported.
        if (!cost?.throttleStatus) await sleep(backoff(attempt));
        continue;
      }
      return { data: answer.data, errors: answer.errors, extensions: answer.extensions };
    }
  }

  return {
    raw,
    async request<T>(
      document: string,
      variables: Record<string, unknown> = {},
      options: RequestOptions = {},
    ): Promise<T> {
      const answer = await raw(document, variables, options);
      const errors = (answer.errors ?? []) as WireError[];
      if (errors.length > 0) {
        // The spec: GraphQL errors are joined with commas and thrown.
        const message = errors.map((error) => error.message ?? '').join(', ');
        if (errors.some((error) => error.extensions?.code === 'THROTTLED'))
          throw new AppError('rate_limited', 'Το Shopify δέχεται πολλά αιτήματα. Δοκιμάστε ξανά σε λίγο.');
        log.error('Shopify answered with errors', { api: name, message });
        throw new AppError('unavailable', message);
      }
      if (answer.data === null || answer.data === undefined)
        throw new AppError('unavailable', 'No data returned from Shopify API');
      return answer.data as T;
    },
  };
}

/** userErrors of a mutation payload, joined with ', ' as the spec says; empty when there are none. */
export function userErrorText(errors: ReadonlyArray<{ message: string }> | null | undefined): string {
  return (errors ?? []).map((error) => error.message).join(', ');
}
