import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShopifyClient, retryAfterMs } from '../../../src/adapters/commerce-shopify/client.ts';
import { ADMIN_PRODUCTS } from '../../../src/adapters/commerce-shopify/documents/admin.ts';
import { STOREFRONT_PRODUCTS } from '../../../src/adapters/commerce-shopify/documents/storefront.ts';
import { type ShopifyDouble, startShopifyDouble } from '../../doubles/shopify/server.ts';
import { recordLogs } from '../../helpers/log-lines.ts';

let double: ShopifyDouble;
let waits: number[];
/** The double's clock: it moves only when the client waits, however slow the machine is. */
let clock = 0;

beforeAll(async () => {
  double = await startShopifyDouble({ clock: () => clock });
});
afterAll(() => double.close());
let logs: ReturnType<typeof recordLogs>;
beforeEach(() => {
  double.reset();
  waits = [];
  // Giving up is logged for the operator (status and API, never the token); the tests read it.
  logs = recordLogs();
});
afterEach(() => logs.stop());

const sleep = async (ms: number) => {
  waits.push(ms);
  clock += ms;
};

function client(api: 'storefront' | 'admin', token?: string) {
  return createShopifyClient(
    {
      api,
      storeDomain: double.storeDomain,
      version: '2026-04',
      token: token ?? (api === 'admin' ? double.adminToken : double.storefrontToken),
      protocol: 'http',
    },
    { sleep, now: () => clock, maxAttempts: 3 },
  );
}

const products = (api: 'storefront' | 'admin') =>
  client(api).request<{ products: { edges: unknown[] } }>(
    api === 'admin' ? ADMIN_PRODUCTS : STOREFRONT_PRODUCTS,
    {
      first: 5,
    },
  );

describe('the Shopify client', () => {
  it('waits for Retry-After after a 429 and then succeeds', async () => {
    double.store.seedProduct({ title: 'Card', priceCents: 100, quantity: 1 });
    double.failNext({ api: 'storefront', kind: 'http429', retryAfter: 0.05 });
    const answer = await products('storefront');
    expect(answer.products.edges).toHaveLength(1);
    expect(waits).toContain(50);
    expect(double.requests.filter((request) => request.operationName === 'StorefrontProducts')).toHaveLength(
      2,
    );
  });

  it('backs off and retries a 5xx', async () => {
    double.failNext({ api: 'admin', kind: 'http500' }, 2);
    await expect(products('admin')).resolves.toMatchObject({ products: { edges: [] } });
    expect(waits.length).toBeGreaterThanOrEqual(2);
  });

  it('waits for the cost bucket to refill after THROTTLED, from extensions.cost.throttleStatus', async () => {
    // Emptied when the request arrives (not before it), so a slow test machine cannot refill it first.
    double.failNext({ api: 'admin', kind: 'throttled' });
    await expect(products('admin')).resolves.toMatchObject({ products: { edges: [] } });
    // requestedQueryCost 10 at a restore rate of 100 per second: about 100 ms.
    expect(waits.some((ms) => ms > 0 && ms <= 100)).toBe(true);
    expect(double.requests.filter((request) => request.api === 'admin')).toHaveLength(2);
  });

  it('gives up after the last attempt with a rate_limited AppError', async () => {
    double.failNext({ api: 'storefront', kind: 'http429', retryAfter: 0.01 }, 5);
    await expect(products('storefront')).rejects.toMatchObject({ name: 'AppError', kind: 'rate_limited' });
    expect(double.requests).toHaveLength(3);
  });

  it('never puts the token in an error', async () => {
    const secret = 'shpat_secret_token_that_must_not_leak';
    const error = await client('admin', secret)
      .request(ADMIN_PRODUCTS, { first: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AppError', kind: 'unavailable' });
    expect(JSON.stringify(error)).not.toContain(secret);
    expect(String((error as Error).message)).not.toContain(secret);
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 'error', status: 401 }));
    expect(JSON.stringify(logs.lines)).not.toContain(secret);
  });

  it('joins GraphQL errors with commas, as the spec says', async () => {
    const error = await client('storefront')
      .request('query Broken { products(first: 1) { edges { node { nope also } } } }')
      .catch((caught: unknown) => caught as Error);
    expect((error as Error).message).toMatch(/^Cannot query field "nope".*, Cannot query field "also"/);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('2.0')).toBe(2000);
    expect(retryAfterMs('0.05')).toBe(50);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
