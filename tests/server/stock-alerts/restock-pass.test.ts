import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/catalog/product.ts';
import { createContainer } from '../../../src/server/container.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { PRODUCTS_PER_PAGE, runRestockPass } from '../../../src/server/stock-alerts/restock-pass.ts';
import { countRows, openTempShop, type TempShop } from '../../helpers/temp-shop.ts';
import { aCard, backInStockMails, mailTo, subscribe } from './helpers.ts';

let shop: TempShop;
beforeEach(() => {
  shop = openTempShop({ SITE_URL: 'https://cards.example.gr' });
});
afterEach(() => shop.remove());

const restock = (product: Product, quantity: number) =>
  shop.container.commerce.updateProduct(product.id, {
    title: product.title,
    tags: product.tags,
    productType: product.productType,
    priceCents: product.priceCents ?? 0,
    quantity,
  });

describe('the restock pass', () => {
  it('mails each confirmed subscriber once when an admin edit brings the card back, and no one unconfirmed', async () => {
    const card = await aCard(shop.container, 0);
    const other = await aCard(shop.container, 0, 'Still sold out');
    await subscribe(shop.container, card, 'a@example.gr');
    await subscribe(shop.container, card, 'b@example.gr');
    await subscribe(shop.container, other, 'c@example.gr');
    await shop.container.stockAlerts.request({ productId: card.id, email: 'unconfirmed@example.gr' }, () => ({
      kind: 'stock-alert-confirm',
      to: 'unconfirmed@example.gr',
      subject: 'x',
      text: 'x',
    }));
    expect(await runRestockPass(shop.container)).toBe(0);

    await restock(card, 2);
    expect(await runRestockPass(shop.container)).toBe(2);
    expect(await runRestockPass(shop.container)).toBe(0);
    expect(await backInStockMails(shop.container)).toEqual(['a@example.gr', 'b@example.gr']);

    const { mail, links } = await mailTo(shop.container, 'back-in-stock', 'a@example.gr');
    expect(mail?.subject).toBe(`Ξανά διαθέσιμη: ${card.title}`);
    expect(links.map((link) => `${link.origin}${link.pathname}`)).toEqual([
      `https://cards.example.gr/product/${encodeURIComponent(card.variantId)}`,
      'https://cards.example.gr/stock-alerts/unsubscribe',
    ]);
    // Its link works without signing in: the address is forgotten at once.
    expect(await shop.container.stockAlerts.unsubscribe(links[1]?.searchParams.get('token') ?? '')).toEqual({
      productId: card.id,
    });
    expect(await shop.container.stockAlerts.waitingCounts([card.id, other.id])).toEqual({ [other.id]: 1 });
  });

  it('sees a cancelled order’s stock coming back, and a CSV import’s', async () => {
    const { commerce, carts, orders } = shop.container;
    const card = await aCard(shop.container, 1);
    const cart = await carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
    const placed = await orders.placeOrder({
      cartId: cart.id,
      idempotencyKey: 'restock-pass-1',
      customer: { name: 'Μαρία Παπαδοπούλου', email: 'buyer@example.gr', phone: '6912345678' },
      delivery: { method: 'pickup' },
      payment: 'bank_transfer',
      notes: '',
      shipping: { courierFeeCents: 0, freeShippingFromCents: null },
    });
    expect((await commerce.getProduct(card.id))?.available).toBe(0);
    await subscribe(shop.container, card, 'waiting@example.gr');
    expect(await runRestockPass(shop.container)).toBe(0);
    await orders.setOrderStatus(placed.order.id, { status: 'cancelled', reason: 'Δεν πληρώθηκε' });
    expect(await runRestockPass(shop.container)).toBe(1);

    const imported = await aCard(shop.container, 0, 'Imported card');
    await subscribe(shop.container, imported, 'csv@example.gr');
    await commerce.importProducts(
      [
        {
          id: imported.id,
          input: {
            title: imported.title,
            tags: imported.tags,
            productType: 'Card',
            priceCents: 900,
            quantity: 3,
          },
        },
      ],
      () => undefined,
    );
    expect(await runRestockPass(shop.container)).toBe(1);
    expect(await backInStockMails(shop.container)).toEqual(['csv@example.gr', 'waiting@example.gr']);
  });

  it('mails once when passes run at once in two processes', async () => {
    const card = await aCard(shop.container, 0);
    for (const name of ['a', 'b', 'c']) await subscribe(shop.container, card, `${name}@example.gr`);
    await restock(card, 1);
    const second = createContainer(parseEnv({ DATA_DIR: shop.dir, SITE_URL: 'https://cards.example.gr' }));
    try {
      const queued = await Promise.all([
        runRestockPass(shop.container),
        runRestockPass(second),
        runRestockPass(shop.container),
        runRestockPass(second),
      ]);
      expect(queued.reduce((sum, count) => sum + count, 0)).toBe(3);
    } finally {
      second.close();
    }
    expect(await backInStockMails(shop.container)).toEqual(['a@example.gr', 'b@example.gr', 'c@example.gr']);
  });

  it('reads every waiting card, a page at a time', async () => {
    const cards = [];
    for (let index = 0; index < PRODUCTS_PER_PAGE + 5; index += 1) {
      const card = await aCard(shop.container, 0, `Card ${index}`);
      await subscribe(shop.container, card, `fan${index}@example.gr`);
      cards.push(card);
    }
    // The card the second page holds: the last in id order.
    const last = cards.toSorted((a, b) => (a.id < b.id ? -1 : 1)).at(-1) as Product;
    expect((await shop.container.stockAlerts.waitingProducts(PRODUCTS_PER_PAGE)).includes(last.id)).toBe(
      false,
    );
    await restock(last, 1);
    expect(await runRestockPass(shop.container)).toBe(1);
    expect(await backInStockMails(shop.container)).toEqual([`fan${cards.indexOf(last)}@example.gr`]);
  });

  it('keeps the shoppers of a card it cannot find now (a draft for a while); the clean-up forgets it later', async () => {
    const card = await aCard(shop.container, 0);
    await subscribe(shop.container, card, 'a@example.gr');
    await shop.container.commerce.deleteProduct(card.id);
    expect(await runRestockPass(shop.container)).toBe(0);
    expect(countRows(shop.container, 'stock_alerts')).toBe(1);
  });
});
