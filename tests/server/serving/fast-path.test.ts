import fs from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCartLineEndpoint } from '../../../src/server/cart/cart-line-endpoint.ts';
import { createContainer } from '../../../src/server/container.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { placeOrderEndpoint } from '../../../src/server/orders/order-endpoint.ts';
import { fastPathEndpoint } from '../../../src/server/serving/fast-path.ts';
import { prepareDataDir, type ShopServer, startServer } from '../../helpers/shop-server.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('which requests the edge answers itself', () => {
  const request = (method: string, url: string, headers: Record<string, string>) =>
    ({ method, url, headers }) as unknown as IncomingMessage;
  const order = (headers: Record<string, string>, url = '/api/orders') =>
    fastPathEndpoint(request('POST', url, { host: 'shop.test', ...headers }));

  it('takes a JSON cart add of a declared length', () => {
    expect(order({ ...JSON_TYPE, 'content-length': '80' }, '/api/cart/lines')).toBe(addCartLineEndpoint);
    expect(order({ ...JSON_TYPE, 'content-length': '4097' }, '/api/cart/lines')).toBeNull();
  });

  it('takes a JSON order of a declared length, from this site or from no page', () => {
    expect(order({ ...JSON_TYPE, 'content-length': '200' })).toBe(placeOrderEndpoint);
    expect(order({ ...JSON_TYPE, 'content-length': '200', origin: 'http://shop.test' })).toBe(
      placeOrderEndpoint,
    );
  });

  it.each([
    ['no content type (Astro refuses it without the origin)', { 'content-length': '200' }],
    [
      'a form body, which Astro judges by its origin',
      { 'content-type': 'text/plain', 'content-length': '2' },
    ],
    ['a urlencoded form', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '2' }],
    ['a page of another site', { ...JSON_TYPE, 'content-length': '2', origin: 'https://evil.test' }],
    ['an Origin that is no URL', { ...JSON_TYPE, 'content-length': '2', origin: 'null' }],
    ['a body sent without a length', { ...JSON_TYPE, 'transfer-encoding': 'chunked' }],
    ['a body longer than the endpoint reads', { ...JSON_TYPE, 'content-length': String(16 * 1024 + 1) }],
    ['a length that is no number', { ...JSON_TYPE, 'content-length': '1e3' }],
  ])('leaves %s to the app', (_case, headers) => {
    expect(order(headers)).toBeNull();
  });

  it('leaves other routes and methods to the app', () => {
    const headers = { ...JSON_TYPE, 'content-length': '2', host: 'shop.test' };
    expect(order(headers, '/api/orders?x=1')).toBeNull();
    expect(order(headers, '/api/orders/')).toBeNull();
    expect(order(headers, '/api/cart')).toBeNull();
    expect(fastPathEndpoint(request('PUT', '/api/orders', headers))).toBeNull();
    expect(fastPathEndpoint(request('PATCH', '/api/cart/lines', headers))).toBeNull();
  });
});

/**
 * The real server (decision 069): the same request answered by the edge (sent with its length)
 * and by Astro's route (sent chunked, which the edge leaves to the app) gets the same answer.
 */
describe('orders answered on the fast path, against the real server', () => {
  let server: ShopServer;
  let dataDir: string;
  let variantId: string;
  let client = 0;

  beforeAll(async () => {
    dataDir = await prepareDataDir();
    const shop = createContainer(parseEnv({ DATA_DIR: dataDir }));
    try {
      const { product } = await shop.commerce.createProduct({
        title: 'Edge order card',
        priceCents: 1500,
        quantity: 100,
        productType: 'Card',
      });
      variantId = product.variantId;
    } finally {
      shop.close();
    }
    server = await startServer(dataDir, { TRUST_PROXY: '1' });
  }, 600_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  type Answer = { status: number; headers: http.IncomingHttpHeaders; body: unknown };

  /** One POST; `chunked` sends the body without a length. Each call comes from its own address. */
  function post(
    path: string,
    body: string,
    { chunked = false, headers = {} }: { chunked?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    client += 1;
    const sent: Record<string, string> = {
      ...JSON_TYPE,
      'x-forwarded-for': `10.77.${client >> 8}.${client & 255}`,
      ...headers,
    };
    sent[chunked ? 'transfer-encoding' : 'content-length'] = chunked
      ? 'chunked'
      : String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const request = http.request(`${server.url}${path}`, { method: 'POST', headers: sent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) });
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  /** A cart with one card in it; answers its cookie. */
  async function cart(): Promise<string> {
    const added = await post('/api/cart/lines', JSON.stringify({ merchandiseId: variantId, quantity: 1 }));
    expect(added.status).toBe(200);
    return String(added.headers['set-cookie']?.[0]).split(';')[0] ?? '';
  }

  let key = 0;
  const form = (overrides: Record<string, unknown> = {}) => {
    key += 1;
    return JSON.stringify({
      name: 'Γιώργος Παπαδόπουλος',
      email: 'giorgos@example.gr',
      phone: '6912345678',
      delivery: { method: 'pickup' },
      payment: 'bank_transfer',
      notes: '',
      idempotencyKey: `edge-order-${String(key).padStart(4, '0')}-0123456789`,
      ...overrides,
    });
  };

  it('places the order, ends the cart, and sends its length', async () => {
    const [atEdge, inApp] = [
      await post('/api/orders', form(), { headers: { cookie: await cart() } }),
      await post('/api/orders', form(), { headers: { cookie: await cart() }, chunked: true }),
    ];
    for (const answer of [atEdge, inApp]) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        order: {
          number: expect.stringMatching(/^CV-\d+$/),
          url: expect.stringMatching(/^\/order\/[\w-]{32}$/),
        },
      });
    }
    expect(atEdge.headers['set-cookie']).toEqual(inApp.headers['set-cookie']);
    expect(atEdge.headers['set-cookie']?.[0]).toMatch(
      /^shop_cart=deleted; Path=\/; Expires=Thu, 01 Jan 1970/,
    );
    for (const header of [
      'content-type',
      'cache-control',
      'content-security-policy',
      'x-content-type-options',
    ])
      expect(atEdge.headers[header], header).toBe(inApp.headers[header]);
    expect(atEdge.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(atEdge.body))));
    // The one header apart, and what shows which way each came: the app's answers pass its gzip
    // (which varies them by Accept-Encoding), the edge's short no-store answers do not.
    expect(inApp.headers.vary).toBe('Accept-Encoding');
    expect(atEdge.headers.vary).toBeUndefined();
  });

  it('adds to a new cart and to the same cart, as the app does', async () => {
    const line = JSON.stringify({ merchandiseId: variantId, quantity: 1 });
    const [atEdge, inApp] = [
      await post('/api/cart/lines', line),
      await post('/api/cart/lines', line, { chunked: true }),
    ];
    expect(atEdge.headers.vary).toBeUndefined();
    expect(inApp.headers.vary).toBe('Accept-Encoding');
    const cookieOf = (answer: Answer) => String(answer.headers['set-cookie']?.[0]);
    const cartOf = (answer: Answer) => (answer.body as { cart: { id: string; totalQuantity: number } }).cart;
    for (const answer of [atEdge, inApp]) expect(answer.status).toBe(200);
    // The same cookie but for the cart's own id.
    expect(cookieOf(atEdge).replace(/^shop_cart=[^;]+/, '')).toBe(
      cookieOf(inApp).replace(/^shop_cart=[^;]+/, ''),
    );
    expect(cookieOf(atEdge)).toMatch(/^shop_cart=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    // Two carts alike but for their own ids and their lines' ids.
    const shape = (answer: Answer) => {
      const cart = cartOf(answer) as unknown as { lines: Array<{ id: string }> };
      return { ...cart, id: '', lines: cart.lines.map((cartLine) => ({ ...cartLine, id: '' })) };
    };
    expect(shape(atEdge)).toEqual(shape(inApp));

    // The cart's cookie brings the next add to the same cart, whichever way in.
    const cookie = cookieOf(atEdge).split(';')[0] ?? '';
    const again = await post('/api/cart/lines', line, { headers: { cookie }, chunked: true });
    const more = await post('/api/cart/lines', line, { headers: { cookie } });
    expect(cartOf(again).id).toBe(cartOf(atEdge).id);
    expect(cartOf(more)).toMatchObject({ id: cartOf(atEdge).id, totalQuantity: 3 });
  });

  it('ends the cart cookie with the header Astro writes when it deletes the cookie', async () => {
    const ordered = await post('/api/orders', form(), { headers: { cookie: await cart() } });
    // GET /api/cart deletes the cookie of a cart that is gone, through Astro's cookies.delete.
    const deleted = await new Promise<http.IncomingHttpHeaders>((resolve, reject) =>
      http
        .get(
          `${server.url}/api/cart`,
          { headers: { cookie: 'shop_cart=gid%3A%2F%2Fshop%2FCart%2F999999' } },
          (response) => {
            response.resume();
            resolve(response.headers);
          },
        )
        .on('error', reject),
    );
    expect(deleted['set-cookie']).toHaveLength(1);
    expect(ordered.headers['set-cookie']).toEqual(deleted['set-cookie']);
  });

  it('sends the cart cookie Secure when a trusted proxy says the shopper came over HTTPS', async () => {
    const line = JSON.stringify({ merchandiseId: variantId, quantity: 1 });
    const headers = { 'x-forwarded-proto': 'https' };
    const atEdge = await post('/api/cart/lines', line, { headers });
    const inApp = await post('/api/cart/lines', line, { headers, chunked: true });
    for (const answer of [atEdge, inApp])
      expect(String(answer.headers['set-cookie']?.[0])).toMatch(/; Secure/);
  });

  it.each([
    ['a line without a product', '{"quantity":1}'],
    ['a quantity of 0', JSON.stringify({ merchandiseId: 'gid://shop/ProductVariant/1', quantity: 0 })],
    [
      'a product that does not exist',
      JSON.stringify({ merchandiseId: 'gid://shop/ProductVariant/999999', quantity: 1 }),
    ],
  ])('answers a cart add with %s as the app does', async (_case, body) => {
    const atEdge = await post('/api/cart/lines', body);
    const inApp = await post('/api/cart/lines', body, { chunked: true });
    expect(atEdge.status).toBeGreaterThanOrEqual(400);
    expect(atEdge.headers.vary).toBeUndefined();
    expect({ status: atEdge.status, body: atEdge.body }).toEqual({ status: inApp.status, body: inApp.body });
  });

  it.each([
    ['broken JSON', () => '{"name":', ''],
    ['a form with bad fields', () => form({ email: 'no-at-sign', delivery: { method: 'drone' } }), ''],
    ['no cart', () => form(), ''],
    ['a cart that does not exist', () => form(), 'shop_cart=gid%3A%2F%2Fshop%2FCart%2F999999'],
  ])('answers %s as the app does', async (_case, body, cookie) => {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const atEdge = await post('/api/orders', body(), { headers });
    const inApp = await post('/api/orders', body(), { headers, chunked: true });
    expect(atEdge.status).toBeGreaterThanOrEqual(400);
    expect(atEdge.headers.vary).toBeUndefined();
    expect({ status: atEdge.status, body: atEdge.body }).toEqual({ status: inApp.status, body: inApp.body });
  });

  it('counts the order limit across both ways in', async () => {
    const headers = { cookie: 'shop_cart=gid%3A%2F%2Fshop%2FCart%2F999999', 'x-forwarded-for': '10.78.0.1' };
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 10; attempt++)
      answers.push(await post('/api/orders', form(), { headers, chunked: attempt % 2 === 1 }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(404));
    const atEdge = await post('/api/orders', form(), { headers });
    const inApp = await post('/api/orders', form(), { headers, chunked: true });
    expect(atEdge.headers.vary).toBeUndefined();
    for (const answer of [atEdge, inApp]) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({
        error: { kind: 'rate_limited', message: expect.stringContaining('Πάρα πολλές παραγγελίες') },
      });
    }
  });

  it('refuses an order from another site, on the app’s way', async () => {
    const refused = await post('/api/orders', form(), {
      headers: { cookie: await cart(), origin: 'https://evil.test' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: 'Το αίτημα απορρίφθηκε (άλλη προέλευση).' } });
  });
});
