import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '../../../src/domain/admin/bulk-actions.ts';
import type { Product, ProductInput } from '../../../src/domain/catalog/product.ts';
import { productInputSchema } from '../../../src/domain/catalog/product.ts';
import { runBulk } from '../../../src/server/catalog/admin-bulk.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

let shop: TempShop;
beforeEach(() => {
  shop = openTempShop();
});
afterEach(() => shop.remove());

async function create(fields: Partial<ProductInput> = {}): Promise<Product> {
  const { product } = await shop.container.commerce.createProduct({
    title: 'Sasha Vezenkov Prizm',
    descriptionHtml: '<p>Near mint</p>',
    tags: ['Olympiacos', 'rookie'],
    productType: 'Card',
    priceCents: 1000,
    quantity: 3,
    ...fields,
  });
  return product;
}

const read = async (id: string) => {
  const product = await shop.container.commerce.getProduct(id);
  if (!product) throw new Error(`no product ${id}`);
  return product;
};

describe('runBulk on the embedded engine', () => {
  it('puts cards on offer: the price before as compare-at, lowered by the percent, tagged after the team', async () => {
    const a = await create({ title: 'Card A', priceCents: 1000 });
    const b = await create({ title: 'Card B', priceCents: 999, tags: ['Panathinaikos'] });
    const answer = await runBulk(shop.container, { action: 'offer-on', percent: 20, ids: [a.id, b.id] });
    expect(answer).toEqual({ done: [a.id, b.id], failed: [], message: 'Ενημερώθηκαν 2 προϊόντα.' });

    const after = await read(a.id);
    expect(after).toMatchObject({
      priceCents: 800,
      compareAtCents: 1000,
      tags: ['Olympiacos', 'rookie', 'offer'],
      title: 'Card A',
      descriptionHtml: '<p>Near mint</p>',
      productType: 'Card',
      available: 3,
      handle: a.handle,
    });
    expect(await read(b.id)).toMatchObject({
      priceCents: 799,
      compareAtCents: 999,
      tags: ['Panathinaikos', 'offer'],
    });

    // Again at 20%: still 20% off the price before, the compare-at price above the price.
    await runBulk(shop.container, { action: 'offer-on', percent: 20, ids: [a.id] });
    expect(await read(a.id)).toMatchObject({ priceCents: 800, compareAtCents: 1000 });
    await runBulk(shop.container, { action: 'offer-on', percent: 50, ids: [a.id] });
    const deeper = await read(a.id);
    expect(deeper).toMatchObject({ priceCents: 500, compareAtCents: 1000 });
    expect(deeper.compareAtCents ?? 0).toBeGreaterThan(deeper.priceCents ?? 0);
  });

  it('takes products off offer: the price before comes back, the compare-at price and the tag go', async () => {
    const card = await create({ tags: ['Olympiacos', 'offer'], priceCents: 800, compareAtCents: 1000 });
    const plain = await create({ title: 'Not on offer' });
    const answer = await runBulk(shop.container, { action: 'offer-off', ids: [card.id, plain.id] });
    expect(answer.done).toEqual([card.id, plain.id]);
    expect(await read(card.id)).toMatchObject({
      priceCents: 1000,
      compareAtCents: null,
      tags: ['Olympiacos'],
    });
    expect(await read(plain.id)).toMatchObject({ priceCents: 1000, tags: ['Olympiacos', 'rookie'] });
  });

  it('sets the stock and keeps everything else', async () => {
    const image = await shop.container.media.store(
      await sharp({ create: { width: 20, height: 28, channels: 3, background: '#00a' } })
        .png()
        .toBuffer(),
      'card.png',
    );
    const card = await create({ mediaIds: [image.id], priceCents: 800, compareAtCents: 1000 });
    const answer = await runBulk(shop.container, { action: 'stock', quantity: 0, ids: [card.id] });
    expect(answer).toEqual({ done: [card.id], failed: [], message: 'Ενημερώθηκε 1 προϊόν.' });
    const after = await read(card.id);
    expect(after).toMatchObject({ available: 0, priceCents: 800, compareAtCents: 1000, tags: card.tags });
    expect(after.images.map((each) => each.id)).toEqual(card.images.map((each) => each.id));
  });

  it('deletes products', async () => {
    const a = await create({ title: 'Gone A' });
    const b = await create({ title: 'Gone B' });
    const answer = await runBulk(shop.container, { action: 'delete', ids: [a.id, b.id] });
    expect(answer).toEqual({ done: [a.id, b.id], failed: [], message: 'Διαγράφηκαν 2 προϊόντα.' });
    expect(await shop.container.commerce.getProduct(a.id)).toBeNull();
    expect(await shop.container.commerce.getProduct(b.id)).toBeNull();
  });

  it('goes on past a product that fails, and says which and why', async () => {
    const first = await create({ title: 'First' });
    const free = await create({ title: 'Free card', priceCents: 0 });
    const gone = await create({ title: 'Deleted meanwhile' });
    await shop.container.commerce.deleteProduct(gone.id);
    const pack = await create({
      title: '15x BASE Cards MYSTERY PACK',
      tags: [],
      productType: 'Mystery Pack',
    });
    const last = await create({ title: 'Last' });
    const answer = await runBulk(shop.container, {
      action: 'offer-on',
      percent: 10,
      ids: [first.id, free.id, gone.id, 'not-an-id', pack.id, last.id],
    });
    expect(answer.done).toEqual([first.id, last.id]);
    expect(answer.failed).toEqual([
      { id: free.id, title: 'Free card', message: BULK_MESSAGES.priceTooLow },
      { id: gone.id, title: '', message: BULK_MESSAGES.notFound },
      { id: 'not-an-id', title: '', message: expect.any(String) },
      { id: pack.id, title: pack.title, message: BULK_MESSAGES.offerCardsOnly },
    ]);
    expect(answer.message).toBe('Ενημερώθηκαν 2 προϊόντα. Δεν έγινε για 4 προϊόντα.');
    expect(await read(pack.id)).toMatchObject({ priceCents: 1000, compareAtCents: null, tags: [] });
    expect(await read(last.id)).toMatchObject({ priceCents: 900, compareAtCents: 1000 });
    expect(await read(free.id)).toMatchObject({ priceCents: 0, compareAtCents: null, tags: free.tags });
  });

  it('never writes a compare-at price the adapters refuse', async () => {
    // The rule every adapter holds: a compare-at price above the price, or none.
    expect(
      productInputSchema.safeParse({ title: 'x', priceCents: 1000, compareAtCents: 1000, quantity: 1 })
        .success,
    ).toBe(false);
    const prices = [1, 2, 3, 5, 10, 19, 99, 100, 101, 999, 12_345];
    const cards = [];
    for (const priceCents of prices) cards.push(await create({ title: `Card ${priceCents}`, priceCents }));
    for (const percent of [5, 33, 90]) {
      const answer = await runBulk(shop.container, {
        action: 'offer-on',
        percent,
        ids: cards.map((c) => c.id),
      });
      for (const failure of answer.failed) expect(failure.message).toBe(BULK_MESSAGES.priceTooLow);
      for (const card of cards) {
        const now = await read(card.id);
        if (now.compareAtCents !== null) expect(now.compareAtCents).toBeGreaterThan(now.priceCents ?? 0);
      }
    }
  });
});
