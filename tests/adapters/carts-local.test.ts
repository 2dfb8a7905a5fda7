// The embedded engine's cart specifics: what is written (or not) in its database, closed carts,
// purging; on SQLite and on PostgreSQL. The behaviour every cart adapter shares is in
// tests/contract/carts.contract.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cart, CartLine } from '../../src/domain/cart/cart.ts';
import { tooManyMessage } from '../../src/domain/cart/cart-rules.ts';
import type { Product } from '../../src/domain/catalog/product.ts';
import { AppError } from '../../src/domain/errors.ts';
import { countRows, ORDER_SHOPS, type OrderShop, tableRows } from '../helpers/order-shop.ts';

const CART_TABLES = ['carts', 'cart_lines'] as const;

// Every test runs on SQLite and on PostgreSQL (decision 093): `shop` is the one of the test.
let shop: OrderShop;

async function product(title: string, priceCents: number, quantity: number): Promise<Product> {
  const { product } = await shop.commerce.createProduct({
    title,
    priceCents,
    quantity,
    tags: [],
    productType: 'Card',
  });
  return product;
}

async function setStock(item: Product, quantity: number): Promise<void> {
  await shop.commerce.updateProduct(item.id, {
    title: item.title,
    priceCents: item.priceCents ?? 0,
    quantity,
    tags: [],
    productType: 'Card',
  });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the call to fail');
}

/** Everything a cart call could write, to compare before and after a refused call. */
async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of CART_TABLES) counts[table] = await countRows(shop, table);
  return {
    counts,
    carts: await tableRows(shop, 'carts', 'id'),
    lines: await tableRows(shop, 'cart_lines', 'id'),
    stock: await tableRows(shop, 'inventory_levels', 'inventory_item_id'),
  };
}

/** Closes a cart, as a placed order does. */
async function closeCart(cartId: string): Promise<void> {
  await shop.store.db
    .updateTable('carts')
    .set({ closed_at: new Date().toISOString() })
    .where('id', '=', cartId)
    .execute();
}

/** Makes a cart look untouched for `ms` milliseconds. */
async function setAge(cartId: string, ms: number): Promise<void> {
  await shop.store.db
    .updateTable('carts')
    .set({ updated_at: new Date(Date.now() - ms).toISOString() })
    .where('id', '=', cartId)
    .execute();
}

/** The first line of a cart; fails the test when there is none. */
function firstLine(cart: Cart | null | undefined): CartLine {
  const line = cart?.lines[0];
  if (!line) throw new Error('the cart has no line');
  return line;
}

for (const [database, openShop] of ORDER_SHOPS)
  describe(`carts on the embedded engine: ${database}`, () => {
    beforeEach(async () => {
      shop = await openShop();
    });
    afterEach(() => shop.close());

    describe('addCartLines', () => {
      it('creates a new cart for a null, unknown or closed cart id', async () => {
        const card = await product('Card', 500, 10);
        const line = { merchandiseId: card.variantId, quantity: 1 };
        const first = await shop.carts.addCartLines(null, [line]);
        const unknown = await shop.carts.addCartLines('A'.repeat(32), [line]);
        expect(unknown.id).not.toBe('A'.repeat(32));
        expect(unknown.id).not.toBe(first.id);
        expect(firstLine(unknown).quantity).toBe(1);
        await closeCart(first.id);
        const afterClose = await shop.carts.addCartLines(first.id, [line]);
        expect(afterClose.id).not.toBe(first.id);
        expect(afterClose.lines).toHaveLength(1);
        expect(firstLine(afterClose).quantity).toBe(1);
        expect(await shop.carts.getCart(first.id)).toBeNull();
        expect(await countRows(shop, 'carts')).toBe(3);
      });

      it('refuses more than the stock in a new cart, and writes no cart', async () => {
        const card = await product('Card', 2000, 3);
        const before = await snapshot();
        const error = await rejection(
          shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 4 }]),
        );
        expect(error).toMatchObject({ kind: 'conflict', message: tooManyMessage(3), fields: { max: '3' } });
        expect(await snapshot()).toEqual(before);
      });

      it('rolls back every line of a call when one of them is refused', async () => {
        const a = await product('A', 1000, 5);
        const b = await product('B', 1000, 1);
        const before = await snapshot();
        await rejection(
          shop.carts.addCartLines(null, [
            { merchandiseId: a.variantId, quantity: 1 },
            { merchandiseId: b.variantId, quantity: 2 },
          ]),
        );
        expect(await snapshot()).toEqual(before);
      });

      it('refuses a product without a price', async () => {
        const card = await product('No price', 1000, 5);
        await shop.store.db.updateTable('variants').set({ price_cents: null }).execute();
        const before = await snapshot();
        const error = await rejection(
          shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]),
        );
        expect(error.kind).toBe('conflict');
        expect(error.message).toBe('Μη διαθέσιμη τιμή');
        expect(await snapshot()).toEqual(before);
      });

      it('refuses unknown and malformed variant ids and writes nothing', async () => {
        const card = await product('Card', 1000, 5);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
        const before = await snapshot();
        for (const merchandiseId of [
          'gid://shop/ProductVariant/999999',
          // Past what an id column holds (PostgreSQL's integer): no row, not a database error.
          'gid://shop/ProductVariant/999999999999999',
          card.id, // a product id, not a variant id
          'gid://shop/ProductVariant/0',
          'gid://shop/ProductVariant/-1',
          'gid://shop/ProductVariant/1 OR 1=1',
          '../../etc/passwd',
          '1',
          '',
          'x'.repeat(201),
        ]) {
          for (const cartId of [null, cart.id]) {
            const error = await rejection(shop.carts.addCartLines(cartId, [{ merchandiseId, quantity: 1 }]));
            expect(['not_found', 'invalid']).toContain(error.kind);
          }
        }
        expect(await snapshot()).toEqual(before);
      });

      it('refuses quantities 0, -1, 1.5 and 1001 as invalid', async () => {
        const card = await product('Card', 1000, 5000);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
        const before = await snapshot();
        for (const quantity of [0, -1, 1.5, 1001, Number.NaN, Number.POSITIVE_INFINITY]) {
          for (const cartId of [null, cart.id]) {
            const error = await rejection(
              shop.carts.addCartLines(cartId, [{ merchandiseId: card.variantId, quantity }]),
            );
            expect(error.kind).toBe('invalid');
          }
        }
        expect(await snapshot()).toEqual(before);
        // 1000 is the upper bound and allowed when the stock has it.
        const big = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1000 }]);
        expect(firstLine(big).quantity).toBe(1000);
      });
    });

    describe('updateCartLine', () => {
      it('refuses more than the stock with a conflict and changes nothing', async () => {
        const card = await product('Card', 450, 4);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 2 }]);
        const before = await snapshot();
        const error = await rejection(shop.carts.updateCartLine(cart.id, firstLine(cart).id, 5));
        expect(error).toMatchObject({ kind: 'conflict', message: tooManyMessage(4), fields: { max: '4' } });
        expect(await snapshot()).toEqual(before);
      });

      it('refuses unknown and malformed line ids, and lines of a closed cart', async () => {
        const card = await product('Card', 450, 4);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
        for (const lineId of [
          'gid://shop/CartLine/99999',
          'gid://shop/CartLine/999999999999999',
          'gid://shop/ProductVariant/1',
          '1',
          '',
          'x'.repeat(10_000),
        ]) {
          expect((await rejection(shop.carts.updateCartLine(cart.id, lineId, 1))).kind).toBe('not_found');
        }
        await closeCart(cart.id);
        const before = await snapshot();
        expect((await rejection(shop.carts.updateCartLine(cart.id, firstLine(cart).id, 2))).kind).toBe(
          'not_found',
        );
        expect((await rejection(shop.carts.removeCartLines(cart.id, [firstLine(cart).id]))).kind).toBe(
          'not_found',
        );
        expect(await snapshot()).toEqual(before);
      });
    });

    describe('removeCartLines', () => {
      it('removes nothing when one of the ids is not in the cart', async () => {
        const a = await product('A', 400, 3);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: a.variantId, quantity: 1 }]);
        const before = await snapshot();
        const error = await rejection(
          shop.carts.removeCartLines(cart.id, [firstLine(cart).id, 'gid://shop/CartLine/424242']),
        );
        expect(error.kind).toBe('not_found');
        expect(await snapshot()).toEqual(before);
      });
    });

    describe('getCart', () => {
      it('is null for unknown, malformed and closed carts', async () => {
        const card = await product('Card', 450, 4);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
        expect(await shop.carts.getCart('B'.repeat(32))).toBeNull();
        expect(await shop.carts.getCart('../../x')).toBeNull();
        expect(await shop.carts.getCart('')).toBeNull();
        expect(await shop.carts.getCart('x'.repeat(10_240))).toBeNull();
        await closeCart(cart.id);
        expect(await shop.carts.getCart(cart.id)).toBeNull();
      });

      it('reports a stale line on the next add too, and keeps the add within the new stock', async () => {
        const card = await product('Card', 1500, 5);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 4 }]);
        await setStock(card, 2);
        const error = await rejection(
          shop.carts.addCartLines(cart.id, [{ merchandiseId: card.variantId, quantity: 1 }]),
        );
        expect(error).toMatchObject({ kind: 'conflict', message: tooManyMessage(2) });
      });
    });

    describe('purgeCarts', () => {
      it('deletes carts untouched for longer than the given days and keeps fresh ones', async () => {
        const card = await product('Card', 1500, 5);
        const line = { merchandiseId: card.variantId, quantity: 1 };
        const old = await shop.carts.addCartLines(null, [line]);
        const borderline = await shop.carts.addCartLines(null, [line]);
        const fresh = await shop.carts.addCartLines(null, [line]);
        const day = 86_400_000;
        await setAge(old.id, 31 * day);
        await setAge(borderline.id, 29 * day);
        await setAge(fresh.id, 0);

        expect(await shop.carts.purgeCarts(30)).toBe(1);
        expect(await shop.carts.getCart(old.id)).toBeNull();
        expect(await shop.carts.getCart(borderline.id)).not.toBeNull();
        expect(await shop.carts.getCart(fresh.id)).not.toBeNull();
        expect(await countRows(shop, 'carts')).toBe(2);
        // The lines of a purged cart go with it.
        expect(await countRows(shop, 'cart_lines')).toBe(2);
        expect(await shop.carts.purgeCarts(30)).toBe(0);
      });

      it('keeps a cart alive while it is used', async () => {
        const card = await product('Card', 1500, 5);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
        await setAge(cart.id, 40 * 86_400_000);
        await shop.carts.updateCartLine(cart.id, firstLine(cart).id, 2);
        expect(await shop.carts.purgeCarts(30)).toBe(0);
        expect(firstLine(await shop.carts.getCart(cart.id)).quantity).toBe(2);
      });
    });

    describe('bad cart ids', () => {
      const BAD_IDS = ['../../x', 'x'.repeat(10_240), '', "' OR 1=1 --", 'A'.repeat(31), 'A'.repeat(33)];

      it('are refused by update and remove as not_found, and nothing is written', async () => {
        const card = await product('Card', 1500, 5);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
        const before = await snapshot();
        for (const cartId of BAD_IDS) {
          expect((await rejection(shop.carts.updateCartLine(cartId, firstLine(cart).id, 2))).kind).toBe(
            'not_found',
          );
          expect((await rejection(shop.carts.removeCartLines(cartId, [firstLine(cart).id]))).kind).toBe(
            'not_found',
          );
        }
        expect(await snapshot()).toEqual(before);
      });

      it('are never stored: an add with one gets a new, well-formed cart', async () => {
        const card = await product('Card', 1500, 5);
        for (const cartId of BAD_IDS) {
          const cart = await shop.carts.addCartLines(cartId, [
            { merchandiseId: card.variantId, quantity: 1 },
          ]);
          expect(cart.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
          expect(cart.id).not.toBe(cartId);
        }
        const ids = await shop.store.db.selectFrom('carts').select('id').execute();
        expect(ids.every((row) => /^[A-Za-z0-9_-]{32}$/.test(row.id))).toBe(true);
      });

      it('with a bad quantity too are refused as invalid before anything is written', async () => {
        const card = await product('Card', 1500, 5);
        const before = await snapshot();
        for (const cartId of BAD_IDS) {
          for (const quantity of [-5, 1001, 1e9]) {
            const error = await rejection(
              shop.carts.addCartLines(cartId, [{ merchandiseId: card.variantId, quantity }]),
            );
            expect(error.kind).toBe('invalid');
          }
        }
        expect(await snapshot()).toEqual(before);
      });

      // removeCartLines with no line ids never checks that the cart exists or is open: it answers a
      // made-up empty cart whose id is whatever was passed in (and "touches" a closed cart).
      it('are refused by a removal of no lines as well', async () => {
        const card = await product('Card', 1500, 5);
        const cart = await shop.carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
        await closeCart(cart.id);
        const before = await snapshot();
        for (const cartId of ['../../x', 'C'.repeat(32), cart.id]) {
          expect((await rejection(shop.carts.removeCartLines(cartId, []))).kind).toBe('not_found');
        }
        expect(await snapshot()).toEqual(before);
      });
    });

    describe('limits on one cart', () => {
      it('with newCart: false, refuses a missing or closed cart instead of starting one', async () => {
        const card = await product('Limit card', 500, 5);
        const before = await snapshot();
        const line = { merchandiseId: card.variantId, quantity: 1 };
        for (const id of [null, 'x'.repeat(32), 'not-a-cart-id']) {
          const error = await rejection(shop.carts.addCartLines(id, [line], { newCart: false }));
          expect(error.kind).toBe('not_found');
          expect(error.fields.cart).toBe('missing');
        }
        expect(await snapshot()).toEqual(before);
        const cart = await shop.carts.addCartLines(null, [line]);
        expect((await shop.carts.addCartLines(cart.id, [line], { newCart: false })).id).toBe(cart.id);
      });

      it('holds at most 50 different products', async () => {
        const cards: Product[] = [];
        for (let index = 0; index < 51; index += 1) cards.push(await product(`Card ${index}`, 100, 2));
        let cart = await shop.carts.addCartLines(null, [
          { merchandiseId: cards[0]?.variantId ?? '', quantity: 1 },
        ]);
        for (const card of cards.slice(1, 50))
          cart = await shop.carts.addCartLines(cart.id, [{ merchandiseId: card.variantId, quantity: 1 }]);
        expect(cart.lines).toHaveLength(50);
        const error = await rejection(
          shop.carts.addCartLines(cart.id, [{ merchandiseId: cards[50]?.variantId ?? '', quantity: 1 }]),
        );
        expect(error).toMatchObject({
          kind: 'conflict',
          message: 'Το καλάθι χωράει έως 50 διαφορετικά προϊόντα.',
        });
        // More of a product already in the cart is still fine.
        cart = await shop.carts.addCartLines(cart.id, [
          { merchandiseId: cards[0]?.variantId ?? '', quantity: 1 },
        ]);
        expect(cart.lines[0]?.quantity).toBe(2);
      });
    });
  });
