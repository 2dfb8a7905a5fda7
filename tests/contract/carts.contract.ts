import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Cart, type CartLine, isMissingCart } from '../../src/domain/cart/cart.ts';
import { tooManyMessage } from '../../src/domain/cart/cart-rules.ts';
import type { Product } from '../../src/domain/catalog/product.ts';
import type { CartPort } from '../../src/ports/commerce.ts';
import type { OrderShop } from '../helpers/order-shop.ts';
import { rejection } from '../helpers/rejection.ts';

/**
 * The cart port, written once and run against the embedded engine and Shopify's Storefront API on
 * the double. Where they differ, `traits` says so, here only:
 * - cartId / checkoutUrl: the engine's cart id is a 32-character secret and its checkout is the
 *   shop's own /checkout; Shopify's is a Cart gid with its key, and checkout is Shopify's checkoutUrl.
 * - Orders and purging differ too and are not in this suite: the engine takes orders itself
 *   (tests/adapters/orders-local.test.ts) and purges old carts; Shopify's checkout takes the
 *   order, and Shopify expires carts itself (purgeCarts answers 0).
 */
export type CartsHarness = {
  carts: CartPort;
  seed(title: string, priceCents: number, quantity: number): Promise<Product>;
  setStock(product: Product, quantity: number): Promise<void>;
  close(): Promise<void>;
};
export type CartsTraits = { cartId: RegExp; checkoutUrl: RegExp; unknownCartId: string };

function firstLine(cart: Cart | null | undefined): CartLine {
  const line = cart?.lines[0];
  if (!line) throw new Error('the cart has no line');
  return line;
}

export function cartsContract(name: string, open: () => Promise<CartsHarness>, traits: CartsTraits) {
  describe(`cart port contract: ${name}`, () => {
    let harness: CartsHarness;
    let carts: CartPort;
    beforeEach(async () => {
      harness = await open();
      carts = harness.carts;
    });
    afterEach(() => harness.close());

    it('creates a cart on the first add, with the line and the totals', async () => {
      const tatum = await harness.seed('2024-25 Panini Prizm Jayson Tatum #1', 1250, 3);
      const cart = await carts.addCartLines(null, [{ merchandiseId: tatum.variantId, quantity: 2 }]);
      expect(cart.id).toMatch(traits.cartId);
      expect(cart.checkoutUrl).toMatch(traits.checkoutUrl);
      expect(cart.notices).toEqual([]);
      expect(firstLine(cart)).toEqual({
        id: expect.any(String),
        quantity: 2,
        merchandise: {
          id: tatum.variantId,
          productId: tatum.id,
          title: '2024-25 Panini Prizm Jayson Tatum #1',
          image: null,
          priceCents: 1250,
          available: 3,
        },
      });
      expect(cart).toMatchObject({ totalQuantity: 2, subtotalCents: 2500 });
      expect(await carts.getCart(cart.id)).toEqual(cart);
    });

    it('merges a second add of the same variant into its line and adds other variants', async () => {
      const tatum = await harness.seed('Tatum', 333, 5);
      const luka = await harness.seed('Luka', 1000, 1);
      const first = await carts.addCartLines(null, [{ merchandiseId: tatum.variantId, quantity: 1 }]);
      const second = await carts.addCartLines(first.id, [{ merchandiseId: tatum.variantId, quantity: 2 }]);
      expect(second.id).toBe(first.id);
      expect(second.lines).toHaveLength(1);
      expect(firstLine(second).id).toBe(firstLine(first).id);
      expect(second).toMatchObject({ totalQuantity: 3, subtotalCents: 999 });
      const third = await carts.addCartLines(first.id, [{ merchandiseId: luka.variantId, quantity: 1 }]);
      expect(third.lines.map((line) => [line.merchandise.title, line.quantity])).toEqual([
        ['Tatum', 3],
        ['Luka', 1],
      ]);
      expect(third).toMatchObject({ totalQuantity: 4, subtotalCents: 1999 });
    });

    it('adds several lines in one call', async () => {
      const a = await harness.seed('A', 100, 5);
      const b = await harness.seed('B', 250, 5);
      const cart = await carts.addCartLines(null, [
        { merchandiseId: a.variantId, quantity: 2 },
        { merchandiseId: b.variantId, quantity: 3 },
      ]);
      expect(cart).toMatchObject({ totalQuantity: 5, subtotalCents: 950 });
    });

    it('creates a new cart for an unknown or malformed cart id', async () => {
      const card = await harness.seed('Card', 500, 10);
      for (const cartId of [traits.unknownCartId, '../../x', '']) {
        const cart = await carts.addCartLines(cartId, [{ merchandiseId: card.variantId, quantity: 1 }]);
        expect(cart.id).toMatch(traits.cartId);
        expect(cart.id).not.toBe(cartId);
        expect(firstLine(cart).quantity).toBe(1);
      }
      expect(await carts.getCart(traits.unknownCartId)).toBeNull();
      expect(await carts.getCart('../../x')).toBeNull();
    });

    it('with newCart: false, refuses a missing cart instead of starting one', async () => {
      const card = await harness.seed('Card', 500, 5);
      const line = { merchandiseId: card.variantId, quantity: 1 };
      for (const id of [null, 'not-a-cart-id']) {
        await expect(carts.addCartLines(id, [line], { newCart: false })).rejects.toSatisfy(isMissingCart);
      }
      const cart = await carts.addCartLines(null, [line]);
      expect((await carts.addCartLines(cart.id, [line], { newCart: false })).id).toBe(cart.id);
    });

    it('refuses to go beyond the stock with the Greek message and leaves the cart as it was', async () => {
      const card = await harness.seed('Giannis Antetokounmpo Rookie', 2000, 3);
      const cart = await carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 2 }]);
      const error = await rejection(
        carts.addCartLines(cart.id, [{ merchandiseId: card.variantId, quantity: 2 }]),
      );
      expect(error).toMatchObject({ kind: 'conflict', message: tooManyMessage(3), fields: { max: '3' } });
      expect(error.message).toBe('Δεν μπορείς να προσθέσεις περισσότερα από 3 τεμάχια αυτού του προϊόντος.');
      expect(await carts.getCart(cart.id)).toEqual(cart);
      const fresh = await rejection(
        carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 4 }]),
      );
      expect(fresh).toMatchObject({ kind: 'conflict', fields: { max: '3' } });
    });

    it('refuses a sold-out variant', async () => {
      const card = await harness.seed('Sold out', 1000, 0);
      const error = await rejection(
        carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]),
      );
      expect(error).toMatchObject({ kind: 'conflict', message: 'Εξαντλήθηκε', fields: { max: '0' } });
    });

    it('refuses unknown and malformed variant ids', async () => {
      const card = await harness.seed('Card', 1000, 5);
      const cart = await carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
      for (const merchandiseId of [
        card.variantId.replace(/\d+$/, '999999'),
        card.id,
        '../../etc/passwd',
        '1',
        '',
        'x'.repeat(201),
      ]) {
        for (const cartId of [null, cart.id]) {
          const error = await rejection(carts.addCartLines(cartId, [{ merchandiseId, quantity: 1 }]));
          expect(['not_found', 'invalid']).toContain(error.kind);
        }
      }
      expect(await carts.getCart(cart.id)).toEqual(cart);
    });

    it('refuses quantities 0, -1, 1.5 and 1001, an empty list and more than 50 lines', async () => {
      const card = await harness.seed('Card', 1000, 5000);
      for (const quantity of [0, -1, 1.5, 1001, Number.NaN]) {
        expect(
          (await rejection(carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity }]))).kind,
        ).toBe('invalid');
      }
      expect((await rejection(carts.addCartLines(null, []))).kind).toBe('invalid');
      const many = Array.from({ length: 51 }, () => ({ merchandiseId: card.variantId, quantity: 1 }));
      expect((await rejection(carts.addCartLines(null, many))).kind).toBe('invalid');
    });

    it('updates a line within the stock, and refuses more than the stock or a bad quantity', async () => {
      const card = await harness.seed('Card', 450, 4);
      const cart = await carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
      const updated = await carts.updateCartLine(cart.id, firstLine(cart).id, 4);
      expect(updated).toMatchObject({ totalQuantity: 4, subtotalCents: 1800 });
      const error = await rejection(carts.updateCartLine(cart.id, firstLine(cart).id, 5));
      expect(error).toMatchObject({ kind: 'conflict', message: tooManyMessage(4), fields: { max: '4' } });
      for (const quantity of [0, -1, 1.5, 1001])
        expect((await rejection(carts.updateCartLine(cart.id, firstLine(cart).id, quantity))).kind).toBe(
          'invalid',
        );
      expect(firstLine(await carts.getCart(cart.id)).quantity).toBe(4);
    });

    it("cannot touch another cart's line, nor a line or cart that does not exist", async () => {
      const card = await harness.seed('Card', 450, 4);
      const mine = await carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
      const theirs = await carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 2 }]);
      expect((await rejection(carts.updateCartLine(mine.id, firstLine(theirs).id, 1))).kind).toBe(
        'not_found',
      );
      expect((await rejection(carts.removeCartLines(mine.id, [firstLine(theirs).id]))).kind).toBe(
        'not_found',
      );
      expect((await rejection(carts.updateCartLine(traits.unknownCartId, firstLine(mine).id, 1))).kind).toBe(
        'not_found',
      );
      expect((await rejection(carts.removeCartLines('../../x', [firstLine(mine).id]))).kind).toBe(
        'not_found',
      );
      expect(firstLine(await carts.getCart(theirs.id)).quantity).toBe(2);
    });

    it('removes lines and answers the rest; one unknown id removes nothing', async () => {
      const a = await harness.seed('A', 400, 3);
      const b = await harness.seed('B', 600, 3);
      const cart = await carts.addCartLines(null, [
        { merchandiseId: a.variantId, quantity: 1 },
        { merchandiseId: b.variantId, quantity: 2 },
      ]);
      const lineOf = (variantId: string) =>
        cart.lines.find((line) => line.merchandise.id === variantId)?.id ?? '';
      expect(
        (await rejection(carts.removeCartLines(cart.id, [lineOf(a.variantId), `${lineOf(b.variantId)}x`])))
          .kind,
      ).toBe('not_found');
      expect(await carts.getCart(cart.id)).toEqual(cart);
      const after = await carts.removeCartLines(cart.id, [lineOf(a.variantId)]);
      expect(after.lines.map((line) => line.merchandise.title)).toEqual(['B']);
      expect(after).toMatchObject({ totalQuantity: 2, subtotalCents: 1200 });
      const empty = await carts.removeCartLines(cart.id, [lineOf(b.variantId)]);
      expect(empty).toMatchObject({ id: cart.id, lines: [], totalQuantity: 0, subtotalCents: 0 });
    });

    it('brings a stale line back within the stock once, with a Greek notice naming the product', async () => {
      const card = await harness.seed('Luka Doncic Prizm Silver', 1500, 5);
      const other = await harness.seed('Other', 800, 5);
      const cart = await carts.addCartLines(null, [
        { merchandiseId: card.variantId, quantity: 3 },
        { merchandiseId: other.variantId, quantity: 1 },
      ]);
      const lineId = cart.lines.find((line) => line.merchandise.id === card.variantId)?.id;
      await harness.setStock(card, 1);
      const reduced = await carts.getCart(cart.id);
      expect(reduced?.notices).toEqual([
        {
          lineId,
          kind: 'reduced',
          message: 'Η ποσότητα του «Luka Doncic Prizm Silver» μειώθηκε σε 1, όσα υπάρχουν διαθέσιμα.',
        },
      ]);
      expect(reduced).toMatchObject({ totalQuantity: 2, subtotalCents: 2300 });
      expect((await carts.getCart(cart.id))?.notices).toEqual([]);

      await harness.setStock(card, 0);
      const soldOut = await carts.getCart(cart.id);
      expect(soldOut?.lines.map((line) => line.merchandise.title)).toEqual(['Other']);
      expect(soldOut?.notices).toEqual([
        {
          lineId,
          kind: 'sold_out',
          message: 'Το «Luka Doncic Prizm Silver» εξαντλήθηκε και αφαιρέθηκε από το καλάθι.',
        },
      ]);
      expect((await carts.getCart(cart.id))?.notices).toEqual([]);
    });
  });
}

/** The embedded engine's harness, on either database. */
export async function engineCartsHarness(open: () => Promise<OrderShop>): Promise<CartsHarness> {
  const { commerce, carts, close } = await open();
  return {
    carts,
    seed: async (title, priceCents, quantity) =>
      (await commerce.createProduct({ title, priceCents, quantity, tags: [], productType: 'Card' })).product,
    async setStock(product, quantity) {
      await commerce.updateProduct(product.id, {
        title: product.title,
        priceCents: product.priceCents ?? 0,
        quantity,
        productType: 'Card',
      });
    },
    close,
  };
}

/** What the embedded engine's carts look like. */
export const ENGINE_CART_TRAITS: CartsTraits = {
  cartId: /^[A-Za-z0-9_-]{32}$/,
  checkoutUrl: /^\/checkout$/,
  unknownCartId: 'A'.repeat(32),
};
