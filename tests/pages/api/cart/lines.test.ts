import type { APIContext } from 'astro';
import { parseSetCookie } from 'cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST } from '../../../../src/pages/api/cart/lines.ts';
import { CART_COOKIE } from '../../../../src/server/cart/cart-cookie.ts';
import { RATE_LIMITS } from '../../../../src/server/http/rate-limit.ts';
import { countRows, openTempShop, type TempShop } from '../../../helpers/temp-shop.ts';

let shop: TempShop;
let variantId: string;

beforeEach(async () => {
  shop = openTempShop();
  const { product } = await shop.container.commerce.createProduct({
    title: 'Card',
    priceCents: 800,
    quantity: 500,
  });
  variantId = product.variantId;
});

afterEach(() => {
  shop.remove();
});

/** Calls the route as Astro would, with the cookie of one cart id. */
async function add(clientAddress: string, cartId?: string) {
  const jar = new Map<string, string>(cartId ? [[CART_COOKIE, cartId]] : []);
  const response = await POST({
    request: new Request('http://shop.test/api/cart/lines', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchandiseId: variantId, quantity: 1 }),
    }),
    cookies: { get: (name: string) => (jar.has(name) ? { value: jar.get(name) } : undefined) },
    locals: { container: shop.container },
    url: new URL('http://shop.test/api/cart/lines'),
    clientAddress,
  } as unknown as APIContext);
  // The cart's id, as the browser would keep it from the answer's Set-Cookie.
  const set = parseSetCookie(response.headers.get('set-cookie') ?? '');
  return {
    status: response.status,
    body: await response.json(),
    cartId: set.name === CART_COOKIE ? set.value : undefined,
  };
}

describe('POST /api/cart/lines: carts per client', () => {
  it('lets one address start 30 carts an hour, then refuses new ones (429) but keeps filling open carts', async () => {
    let last: string | undefined;
    for (let index = 0; index < RATE_LIMITS.newCart.limit; index += 1) {
      const answer = await add('198.51.100.9');
      expect(answer.status).toBe(200);
      last = answer.cartId;
    }
    const refused = await add('198.51.100.9');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'Πάρα πολλά νέα καλάθια από αυτή τη σύνδεση. Δοκιμάστε ξανά σε λίγο.',
    );
    // A forged cart cookie does not get around it.
    expect((await add('198.51.100.9', 'A'.repeat(32))).status).toBe(429);
    expect(countRows(shop.container, 'carts')).toBe(RATE_LIMITS.newCart.limit);
    // The shopper's open cart still takes more; another address may start its own.
    expect((await add('198.51.100.9', last)).status).toBe(200);
    expect((await add('198.51.100.10')).status).toBe(200);
  });
});
