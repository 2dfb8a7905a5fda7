import type { APIContext } from 'astro';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BULK_MESSAGES } from '../../../../src/domain/admin/bulk-actions.ts';
import { POST } from '../../../../src/pages/api/admin/products/bulk.ts';
import { openTempShop, type TempShop } from '../../../helpers/temp-shop.ts';

let shop: TempShop;
beforeEach(() => {
  shop = openTempShop();
});
afterEach(() => shop.remove());

const post = (body: unknown) =>
  POST({
    request: new Request('http://shop.test/api/admin/products/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    locals: { container: shop.container },
  } as unknown as APIContext);

const card = async (title: string) =>
  (
    await shop.container.commerce.createProduct({
      title,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 1000,
      quantity: 2,
    })
  ).product;

it('answers each product and a Greek summary', async () => {
  const a = await card('Card A');
  const b = await card('Card B');
  const response = await post({ action: 'stock', quantity: 7, ids: [a.id, b.id] });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    done: [a.id, b.id],
    failed: [],
    message: 'Ενημερώθηκαν 2 προϊόντα.',
  });
  expect((await shop.container.commerce.getProduct(a.id))?.available).toBe(7);
});

it.each([
  ['no products', { action: 'delete', ids: [] }, BULK_MESSAGES.noIds],
  [
    'more than 100',
    { action: 'delete', ids: Array.from({ length: 101 }, (_, n) => `id-${n}`) },
    BULK_MESSAGES.tooManyIds,
  ],
  ['the same product twice', { action: 'delete', ids: ['a', 'a'] }, BULK_MESSAGES.repeatedIds],
  ['an unknown action', { action: 'explode', ids: ['a'] }, BULK_MESSAGES.action],
  ['a discount under 5%', { action: 'offer-on', percent: 4, ids: ['a'] }, BULK_MESSAGES.percent],
  ['a discount over 90%', { action: 'offer-on', percent: 91, ids: ['a'] }, BULK_MESSAGES.percent],
  ['a discount with decimals', { action: 'offer-on', percent: 12.5, ids: ['a'] }, BULK_MESSAGES.percent],
  ['no discount', { action: 'offer-on', ids: ['a'] }, BULK_MESSAGES.percent],
  ['a negative stock', { action: 'stock', quantity: -1, ids: ['a'] }, BULK_MESSAGES.quantity],
  ['a stock as text', { action: 'stock', quantity: '3', ids: ['a'] }, BULK_MESSAGES.quantity],
  ['a stock over a million', { action: 'stock', quantity: 1_000_001, ids: ['a'] }, BULK_MESSAGES.quantity],
])('refuses %s with a Greek 400 and changes nothing', async (_, body, message) => {
  const product = await card('Untouched');
  const version = await shop.container.commerce.version();
  const response = await post(body);
  expect(response.status).toBe(400);
  expect((await response.json()).error).toMatchObject({ kind: 'invalid', message });
  expect(await shop.container.commerce.version()).toBe(version);
  expect(await shop.container.commerce.getProduct(product.id)).not.toBeNull();
});

it('refuses a body that is not JSON', async () => {
  const response = await post('{not json');
  expect(response.status).toBe(400);
  expect((await response.json()).error.message).toBe('Μη έγκυρα δεδομένα.');
});
