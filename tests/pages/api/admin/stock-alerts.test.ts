import type { APIContext } from 'astro';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { GET as PRODUCTS } from '../../../../src/pages/api/admin/products/index.ts';
import { GET } from '../../../../src/pages/api/admin/stock-alerts.ts';
import { openTempShop, type TempShop } from '../../../helpers/temp-shop.ts';
import { aCard, subscribe } from '../../../server/stock-alerts/helpers.ts';

let shop: TempShop;
beforeEach(() => {
  shop = openTempShop();
});
afterEach(() => shop.remove());

const context = (url: string) =>
  ({ url: new URL(url, 'http://shop.test'), locals: { container: shop.container } }) as unknown as APIContext;

it('gives the overview the waiting total and the most wanted cards, and the product list each row’s count', async () => {
  const wanted = await aCard(shop.container, 0, 'Wanted card');
  const less = await aCard(shop.container, 0, 'Less wanted card');
  await aCard(shop.container, 0, 'Nobody waits');
  for (const email of ['a@example.gr', 'b@example.gr']) await subscribe(shop.container, wanted, email);
  await subscribe(shop.container, less, 'a@example.gr');

  const overview = await GET(context('/api/admin/stock-alerts'));
  expect(overview.status).toBe(200);
  expect(await overview.json()).toEqual({
    waiting: 3,
    products: [
      {
        productId: wanted.id,
        title: 'Wanted card',
        path: `/product/${encodeURIComponent(wanted.variantId)}`,
        waiting: 2,
      },
      {
        productId: less.id,
        title: 'Less wanted card',
        path: `/product/${encodeURIComponent(less.variantId)}`,
        waiting: 1,
      },
    ],
  });
  const top = await GET(
    context(`/api/admin/stock-alerts?top=1&productIds=${encodeURIComponent(`${less.id},x`)}`),
  );
  expect(await top.json()).toMatchObject({
    waiting: 3,
    products: [{ productId: wanted.id }],
    counts: { [less.id]: 1 },
  });
  // Nonsense in the query is no error.
  expect((await GET(context('/api/admin/stock-alerts?top=-5&productIds='))).status).toBe(200);

  const list = await PRODUCTS(context('/api/admin/products?pageSize=10'));
  expect((await list.json()).waiting).toEqual({ [wanted.id]: 2, [less.id]: 1 });
});
