import { createHmac } from 'node:crypto';
import type { APIContext } from 'astro';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedShop } from '../../scripts/seed/seed-shop.ts';
import { ADMIN_PRODUCT_DELETE, ADMIN_PRODUCTS } from '../../src/adapters/commerce-shopify/documents/admin.ts';
import {
  STOREFRONT_CART,
  STOREFRONT_CART_CREATE,
  STOREFRONT_PRODUCTS,
} from '../../src/adapters/commerce-shopify/documents/storefront.ts';
import { GET as HOSTED_ORDERS } from '../../src/pages/api/admin/hosted-orders.ts';
import { GET as CHECKOUT } from '../../src/pages/api/checkout.ts';
import { POST as PLACE_ORDER } from '../../src/pages/api/orders.ts';
import { POST as ADMIN_PROXY } from '../../src/pages/api/shopify-admin.ts';
import { POST as STOREFRONT_PROXY } from '../../src/pages/api/shopify-storefront.ts';
import { POST as WEBHOOK } from '../../src/pages/api/webhooks/shopify.ts';
import { CHECKOUT_START, checkoutTarget, shopperCart } from '../../src/server/orders/checkout.ts';
import { shopifyEnv } from '../contract/shopify-harness.ts';
import { type ShopifyDouble, startShopifyDouble } from '../doubles/shopify/server.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

/** The whole shop with COMMERCE_BACKEND=shopify: the container's choices, checkout, orders, webhook, proxies. */
const SECRET = 'whsec_test_secret_0123456789';
let double: ShopifyDouble;
let shop: TempShop;

beforeAll(async () => {
  double = await startShopifyDouble();
});
afterAll(() => double.close());
beforeEach(() => {
  double.reset();
  shop = openTempShop(shopifyEnv(double, { SHOPIFY_WEBHOOK_SECRET: SECRET }));
});
afterEach(() => shop.remove());

function context(
  request: Request,
  given: { cookies?: Record<string, string> } = {},
  container = shop.container,
) {
  const cookies = new Map<string, string>(Object.entries(given.cookies ?? {}));
  return {
    request,
    url: new URL(request.url),
    clientAddress: '203.0.113.9',
    locals: { container },
    cookies: {
      get: (name: string) => (cookies.has(name) ? { value: cookies.get(name) } : undefined),
      delete() {},
    },
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
  } as unknown as APIContext;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const product = { tags: ['Denver Nuggets'], productType: 'Card', quantity: 2 };

describe('the container with COMMERCE_BACKEND=shopify', () => {
  it('sells, stores images and lists orders on Shopify, and seeds no demo products there', async () => {
    const { commerce, carts, media, hostedOrders } = shop.container;
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const stored = await media.store(image, 'card.png');
    const { product: made } = await commerce.createProduct({
      ...product,
      title: 'Jokic',
      priceCents: 900,
      mediaIds: [stored.id],
    });
    expect(made.id).toMatch(/^gid:\/\/shopify\/Product\//);
    expect(made.images[0]?.url).toMatch(new RegExp(`^${double.url}/cdn/`));
    const cart = await carts.addCartLines(null, [{ merchandiseId: made.variantId, quantity: 1 }]);
    expect(cart.id).toMatch(/^gid:\/\/shopify\/Cart\//);
    expect(hostedOrders?.provider).toBe('Shopify');

    expect(await seedShop(shop.container)).toEqual({ categories: 20, products: 0 });
    expect(double.store.products.size).toBe(1);
  });
});

describe('checkout on Shopify (src/server/orders/checkout.ts)', () => {
  async function cartOf(priceCents: number) {
    const { product: made } = await shop.container.commerce.createProduct({
      ...product,
      title: 'Card',
      priceCents,
    });
    return shop.container.carts.addCartLines(null, [{ merchandiseId: made.variantId, quantity: 1 }]);
  }

  it("hides Shopify's checkout URL from the browser behind the server's own link", async () => {
    const cart = await cartOf(900);
    expect(cart.checkoutUrl).toMatch(/\/cart\/c\//);
    expect(shopperCart(shop.container, cart).checkoutUrl).toBe(CHECKOUT_START);
  });

  it('goes to the cart checkoutUrl from 7 €, and back to the cart below it or without a cart', async () => {
    const enough = await cartOf(700);
    expect(await checkoutTarget(shop.container, enough.id)).toBe(enough.checkoutUrl);
    const little = await cartOf(699);
    expect(await checkoutTarget(shop.container, little.id)).toBe('/cart');
    expect(await checkoutTarget(shop.container, null)).toBe('/cart');

    const response = await CHECKOUT(
      context(new Request('http://shop.test/api/checkout'), { cookies: { shop_cart: enough.id } }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(enough.checkoutUrl);
  });

  it("refuses the shop's own order form: Shopify takes the orders", async () => {
    const response = await PLACE_ORDER(context(post('/api/orders', {})));
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe(
      'Η πληρωμή γίνεται στη σελίδα ολοκλήρωσης αγοράς του Shopify.',
    );
  });

  it("lists Shopify's orders read-only, newest first, with links to the Shopify admin", async () => {
    const cart = await cartOf(1250);
    const url = new URL(cart.checkoutUrl);
    await fetch(`${double.url}${url.pathname}/pay${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40example.gr&name=Maria',
    });
    const response = await HOSTED_ORDERS(context(new Request('http://shop.test/api/admin/hosted-orders')));
    const body = await response.json();
    expect(body).toMatchObject({
      provider: 'Shopify',
      nextCursor: null,
      orders: [
        {
          number: expect.stringMatching(/^#\d+$/),
          customerName: 'Maria',
          email: 'buyer@example.gr',
          totalCents: 1250,
          financialStatus: 'PAID',
          fulfillmentStatus: 'UNFULFILLED',
          cancelled: false,
          adminUrl: expect.stringMatching(new RegExp(`^${double.url}/admin/orders/\\d+$`)),
        },
      ],
    });
  });
});

describe('the products/* webhook', () => {
  const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('base64');
  const hook = (body: string, headers: Record<string, string>) =>
    WEBHOOK(context(post('/api/webhooks/shopify', body, headers)));

  it('moves the content version when Shopify signs a products/* change', async () => {
    const before = await shop.container.builds.contentVersion();
    const body = JSON.stringify({ id: 1001, title: 'Changed in the Shopify admin' });
    const response = await hook(body, {
      'x-shopify-hmac-sha256': sign(body),
      'x-shopify-topic': 'products/update',
    });
    expect(response.status).toBe(200);
    expect(await shop.container.builds.contentVersion()).toBe(before + 1);
  });

  it('refuses a missing or wrong signature, and a body signed with another secret, changing nothing', async () => {
    const before = await shop.container.builds.contentVersion();
    const body = '{"id":1}';
    for (const signature of [
      undefined,
      'not base64',
      sign(body, 'another-secret-0123456789'),
      sign('{"id":2}'),
    ]) {
      const response = await hook(body, {
        'x-shopify-topic': 'products/delete',
        ...(signature ? { 'x-shopify-hmac-sha256': signature } : {}),
      });
      expect(response.status, String(signature)).toBe(401);
    }
    expect(await shop.container.builds.contentVersion()).toBe(before);
  });

  it('acknowledges other topics without a rebuild, and refuses bodies over 1 MB', async () => {
    const before = await shop.container.builds.contentVersion();
    const body = '{}';
    const other = await hook(body, {
      'x-shopify-hmac-sha256': sign(body),
      'x-shopify-topic': 'orders/create',
    });
    expect(other.status).toBe(200);
    const big = 'x'.repeat(1024 * 1024 + 1);
    expect(
      (await hook(big, { 'x-shopify-hmac-sha256': sign(big), 'x-shopify-topic': 'products/update' })).status,
    ).toBe(413);
    expect(await shop.container.builds.contentVersion()).toBe(before);
  });

  it('is not there when the shop does not run on Shopify', async () => {
    const local = openTempShop();
    try {
      const response = await WEBHOOK(context(post('/api/webhooks/shopify', '{}'), {}, local.container));
      expect(response.status).toBe(404);
    } finally {
      local.remove();
    }
  });
});

const productGid = (id: number) => `gid://shopify/Product/${id}`;

describe('the proxies /api/shopify-admin and /api/shopify-storefront', () => {
  const adminProxy = (body: unknown, search = '') =>
    ADMIN_PROXY(context(post(`/api/shopify-admin${search}`, body)));

  it("forwards the shop's own documents, even reformatted, and passes Shopify's answer back", async () => {
    double.store.seedProduct({ title: 'Proxied card', priceCents: 300, quantity: 1 });
    const reformatted = ADMIN_PRODUCTS.replace(/\s+/g, ' ');
    const response = await adminProxy({ query: reformatted, variables: { first: 5 } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.products.edges[0].node.title).toBe('Proxied card');
    expect(JSON.stringify(body)).not.toContain(double.adminToken);

    const storefront = await STOREFRONT_PROXY(
      context(post('/api/shopify-storefront', { query: STOREFRONT_PRODUCTS, variables: { first: 5 } })),
    );
    expect((await storefront.json()).data.products.edges).toHaveLength(1);
  });

  it('is not an open relay: any other query, or a changed one, is refused before Shopify sees it', async () => {
    const sent = double.requests.length;
    for (const query of [
      'mutation { shopUpdate(input: {}) { userErrors { message } } }',
      ADMIN_PRODUCTS.replace('title', 'title totalInventory'),
      `${ADMIN_PRODUCTS} query Other { shop { name } }`,
      '{ shop { name } }',
      'not graphql',
    ]) {
      const response = await adminProxy({ query, variables: {} });
      expect(response.status, query.slice(0, 40)).toBe(400);
    }
    const storefront = await STOREFRONT_PROXY(
      context(post('/api/shopify-storefront', { query: ADMIN_PRODUCTS, variables: { first: 1 } })),
    );
    expect(storefront.status).toBe(400);
    expect(double.requests.length).toBe(sent);
  });

  it('lets nobody make or read a cart through the storefront proxy: its checkoutUrl would skip the 7 € minimum', async () => {
    const sent = double.requests.length;
    for (const query of [STOREFRONT_CART_CREATE, STOREFRONT_CART]) {
      const response = await STOREFRONT_PROXY(
        context(
          post('/api/shopify-storefront', { query, variables: { input: {}, id: 'gid://shopify/Cart/1' } }),
        ),
      );
      expect(response.status, query.slice(0, 40)).toBe(400);
    }
    expect(double.requests.length).toBe(sent);
  });

  it('sends an admin mutation once, even when Shopify fails, and rebuilds the storefront after one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seeded = double.store.seedProduct({ title: 'Proxied delete', priceCents: 300, quantity: 1 });
    const remove = { query: ADMIN_PRODUCT_DELETE, variables: { input: { id: productGid(seeded.id) } } };
    const deletes = () => double.requests.filter((request) => request.operationName === 'AdminProductDelete');

    double.failNext({ api: 'admin', operationName: 'AdminProductDelete', kind: 'http500' }, 5);
    expect((await adminProxy(remove)).status).toBe(503);
    expect(deletes()).toHaveLength(1);

    double.reset();
    const again = double.store.seedProduct({ title: 'Proxied delete', priceCents: 300, quantity: 1 });
    const version = await shop.container.commerce.version();
    const response = await adminProxy({
      query: ADMIN_PRODUCT_DELETE,
      variables: { input: { id: productGid(again.id) } },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data.productDelete.deletedProductId).toBe(productGid(again.id));
    expect(await shop.container.commerce.version()).toBeGreaterThan(version);
  });

  it('takes an allowed api_version, refuses others, and limits the body', async () => {
    const ok = await adminProxy({ query: ADMIN_PRODUCTS, variables: { first: 1 } }, '?api_version=2026-07');
    expect(ok.status).toBe(200);
    expect(double.requests.at(-1)?.version).toBe('2026-07');
    expect((await adminProxy({ query: ADMIN_PRODUCTS }, '?api_version=2025-04')).status).toBe(400);
    const huge = { query: ADMIN_PRODUCTS, variables: { first: 1, padding: 'x'.repeat(70 * 1024) } };
    expect((await adminProxy(huge)).status).toBe(400);
  });

  it('is not there when the shop does not run on Shopify', async () => {
    const local = openTempShop();
    try {
      const response = await ADMIN_PROXY(
        context(post('/api/shopify-admin', { query: ADMIN_PRODUCTS }), {}, local.container),
      );
      expect(response.status).toBe(404);
    } finally {
      local.remove();
    }
  });

  it('answers a Shopify failure as an error, without the token', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    double.failNext({ api: 'admin', kind: 'http500' }, 10);
    const response = await adminProxy({ query: ADMIN_PRODUCTS, variables: { first: 1 } });
    expect(response.status).toBe(503);
    expect(JSON.stringify(await response.json())).not.toContain(double.adminToken);
    expect(JSON.stringify(logged.mock.calls)).not.toContain(double.adminToken);
  });
});
