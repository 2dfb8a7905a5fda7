import { type RawBuilder, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cart, CartLine } from '../../src/domain/cart/cart.ts';
import { MIN_ORDER_MESSAGE } from '../../src/domain/cart/cart-rules.ts';
import type { Product } from '../../src/domain/catalog/product.ts';
import { AppError, isAppError } from '../../src/domain/errors.ts';
import { type CheckoutForm, checkoutFormSchema } from '../../src/domain/orders/checkout-form.ts';
import type { Delivery } from '../../src/domain/orders/order.ts';
import type { PlaceOrderInput } from '../../src/ports/commerce.ts';
import { placeOrder } from '../../src/server/orders/place-order.ts';
import { countRows, execute, ORDER_SHOPS, type OrderShop, tableRows } from '../helpers/order-shop.ts';

const COURIER: Delivery = {
  method: 'courier',
  street: 'Πανεπιστημίου 10',
  city: 'Αθήνα',
  postalCode: '10431',
  region: 'Αττική',
};
const CUSTOMER = { name: 'Γιώργος Παπαδόπουλος', email: 'giorgos@example.gr', phone: '6912345678' };

// Every test runs on SQLite and on PostgreSQL (decision 093): `shop` is the one of the test.
let shop: OrderShop;
let keyCounter = 0;

/** A fresh idempotency key in the checkout form's format. */
const newKey = () => `key-${Date.now().toString(36)}-${(keyCounter++).toString().padStart(8, '0')}`;

async function product(
  title: string,
  priceCents: number,
  quantity: number,
  target: OrderShop = shop,
): Promise<Product> {
  const { product } = await target.commerce.createProduct({
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

async function stockOf(item: Product, target: OrderShop = shop): Promise<number | null> {
  return (await target.commerce.getProduct(item.variantId))?.available ?? null;
}

async function cartWith(lines: [Product, number][]): Promise<Cart> {
  return shop.carts.addCartLines(
    null,
    lines.map(([item, quantity]) => ({ merchandiseId: item.variantId, quantity })),
  );
}

/** The first line of a cart; fails the test when there is none. */
function firstLine(cart: Cart | null | undefined): CartLine {
  const line = cart?.lines[0];
  if (!line) throw new Error('the cart has no line');
  return line;
}

function orderInput(cartId: string, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    cartId,
    idempotencyKey: newKey(),
    customer: CUSTOMER,
    delivery: COURIER,
    payment: 'bank_transfer',
    notes: '',
    shipping: { courierFeeCents: 350, freeShippingFromCents: null },
    ...overrides,
  };
}

function form(overrides: Record<string, unknown> = {}): CheckoutForm {
  return checkoutFormSchema.parse({
    ...CUSTOMER,
    delivery: COURIER,
    payment: 'bank_transfer',
    notes: 'Σε toploader παρακαλώ',
    idempotencyKey: newKey(),
    ...overrides,
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

/** Everything placing an order could write. */
async function snapshot() {
  return {
    orders: await countRows(shop, 'orders'),
    orderLines: await countRows(shop, 'order_lines'),
    mail: await countRows(shop, 'mail_outbox'),
    carts: await tableRows(shop, 'carts', 'id'),
    cartLines: await tableRows(shop, 'cart_lines', 'id'),
    stock: await tableRows(shop, 'inventory_levels', 'inventory_item_id'),
  };
}

/** The rows of a query, on either database. */
async function rowsOf<T>(query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(shop.store.db)).rows;
}

/** The number one query answers (its column `n`), on either database. */
async function scalar(query: RawBuilder<{ n: number | null }>): Promise<number> {
  return Number((await rowsOf(query))[0]?.n ?? 0);
}

/** Makes the outbox refuse every mail after its first, as a full disk would; answers the undo. */
async function failSecondMail(): Promise<() => Promise<void>> {
  if (shop.store.dialect === 'sqlite') {
    await execute(
      shop,
      "CREATE TRIGGER fail_second_mail BEFORE INSERT ON mail_outbox WHEN (SELECT COUNT(*) FROM mail_outbox) >= 1 BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    return () => execute(shop, 'DROP TRIGGER fail_second_mail');
  }
  await execute(
    shop,
    `CREATE FUNCTION fail_second_mail() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF (SELECT count(*) FROM mail_outbox) >= 1 THEN RAISE EXCEPTION 'disk full'; END IF;
       RETURN NEW;
     END $$`,
  );
  await execute(
    shop,
    'CREATE TRIGGER fail_second_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION fail_second_mail()',
  );
  return async () => {
    await execute(shop, 'DROP TRIGGER fail_second_mail ON mail_outbox');
    await execute(shop, 'DROP FUNCTION fail_second_mail()');
  };
}

/** An array element that must be there. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${index}`);
  return item;
}

/** A small deterministic PRNG (mulberry32), so the workload is the same on every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

for (const [database, openShop] of ORDER_SHOPS)
  describe(`orders on the embedded engine: ${database}`, () => {
    beforeEach(async () => {
      shop = await openShop();
    });
    afterEach(() => shop.close());

    describe('placeOrder', () => {
      it('places the order in one go: number, token, lines, totals, stock taken, cart closed', async () => {
        const tatum = await product('2024-25 Panini Prizm Jayson Tatum #1', 1250, 3);
        const pack = await product('Mystery Pack NBA', 500, 10);
        const cart = await cartWith([
          [tatum, 2],
          [pack, 1],
        ]);
        const { order, created } = await shop.orders.placeOrder(
          orderInput(cart.id, { notes: 'Κουδούνι 2ος', payment: 'cash_on_delivery' }),
        );
        expect(created).toBe(true);
        expect(order.id).toMatch(/^gid:\/\/shop\/Order\/\d+$/);
        expect(order.number).toMatch(/^CV-\d+$/);
        expect(order.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(order).toMatchObject({
          status: 'pending',
          customer: CUSTOMER,
          delivery: COURIER,
          payment: 'cash_on_delivery',
          notes: 'Κουδούνι 2ος',
          lines: [
            { variantId: tatum.variantId, title: tatum.title, unitPriceCents: 1250, quantity: 2 },
            { variantId: pack.variantId, title: 'Mystery Pack NBA', unitPriceCents: 500, quantity: 1 },
          ],
          subtotalCents: 3000,
          shippingCents: 350,
          totalCents: 3350,
        });
        expect(Number.isNaN(Date.parse(order.createdAt))).toBe(false);

        expect(await stockOf(tatum)).toBe(1);
        expect(await stockOf(pack)).toBe(9);
        expect(await shop.carts.getCart(cart.id)).toBeNull();
        expect(await countRows(shop, 'orders')).toBe(1);
        expect(await countRows(shop, 'order_lines')).toBe(2);

        expect(await shop.orders.getOrderByToken(order.accessToken)).toEqual(order);
        expect(await shop.orders.getOrder(order.id)).toEqual(order);
      });

      it('charges no shipping for pickup, whatever the courier fee', async () => {
        const card = await product('Card', 700, 1);
        const cart = await cartWith([[card, 1]]);
        const { order } = await shop.orders.placeOrder(
          orderInput(cart.id, { delivery: { method: 'pickup' } }),
        );
        expect(order).toMatchObject({
          delivery: { method: 'pickup' },
          subtotalCents: 700,
          shippingCents: 0,
          totalCents: 700,
        });
      });

      it('ships free from the threshold on, and charges the fee below it', async () => {
        const card = await product('Card', 2500, 3);
        const free = { courierFeeCents: 350, freeShippingFromCents: 5000 };
        const below = await shop.orders.placeOrder(
          orderInput((await cartWith([[card, 1]])).id, { shipping: free }),
        );
        expect(below.order).toMatchObject({ subtotalCents: 2500, shippingCents: 350, totalCents: 2850 });
        const at = await shop.orders.placeOrder(
          orderInput((await cartWith([[card, 2]])).id, { shipping: free }),
        );
        expect(at.order).toMatchObject({ subtotalCents: 5000, shippingCents: 0, totalCents: 5000 });
      });

      it('gives every order its own number and token', async () => {
        const card = await product('Card', 800, 10);
        const orders = [];
        for (let i = 0; i < 3; i++) {
          const cart = await cartWith([[card, 1]]);
          orders.push((await shop.orders.placeOrder(orderInput(cart.id))).order);
        }
        expect(new Set(orders.map((order) => order.number)).size).toBe(3);
        expect(new Set(orders.map((order) => order.accessToken)).size).toBe(3);
        expect(await stockOf(card)).toBe(7);
      });

      it('finds no order for an unknown or malformed token', async () => {
        const card = await product('Card', 800, 10);
        const cart = await cartWith([[card, 1]]);
        const { order } = await shop.orders.placeOrder(orderInput(cart.id));
        expect(await shop.orders.getOrderByToken('A'.repeat(32))).toBeNull();
        expect(await shop.orders.getOrderByToken(order.accessToken.slice(0, 31))).toBeNull();
        expect(await shop.orders.getOrderByToken(`${order.accessToken}x`)).toBeNull();
        expect(await shop.orders.getOrderByToken(order.number)).toBeNull();
        expect(await shop.orders.getOrderByToken('')).toBeNull();
        expect(await shop.orders.getOrderByToken("' OR 1=1 --")).toBeNull();
        expect(await shop.orders.getOrderByToken('x'.repeat(10_240))).toBeNull();
      });

      it('refuses a subtotal below 7 € with the minimum-order message and writes nothing', async () => {
        const card = await product('Cheap card', 699, 5);
        const cart = await cartWith([[card, 1]]);
        const before = await snapshot();
        const error = await rejection(shop.orders.placeOrder(orderInput(cart.id)));
        expect(error.kind).toBe('invalid');
        expect(error.message).toBe(MIN_ORDER_MESSAGE);
        expect(await snapshot()).toEqual(before);
        expect(await stockOf(card)).toBe(5);
        // Shipping does not count towards the minimum; 7.00 € of goods does.
        const enough = await cartWith([[await product('Seven', 700, 1), 1]]);
        expect((await shop.orders.placeOrder(orderInput(enough.id))).created).toBe(true);
      });

      it('refuses an empty cart and writes nothing', async () => {
        const card = await product('Card', 900, 5);
        const cart = await cartWith([[card, 1]]);
        await shop.carts.removeCartLines(cart.id, [firstLine(cart).id]);
        const before = await snapshot();
        const error = await rejection(shop.orders.placeOrder(orderInput(cart.id)));
        expect(error.kind).toBe('invalid');
        expect(error.message).toBe('Το καλάθι είναι άδειο.');
        expect(await snapshot()).toEqual(before);
      });

      it('refuses unknown, malformed and closed carts and writes nothing', async () => {
        const card = await product('Card', 900, 5);
        const cart = await cartWith([[card, 1]]);
        await shop.orders.placeOrder(orderInput(cart.id));
        const before = await snapshot();
        for (const cartId of ['C'.repeat(32), '../../x', '', 'x'.repeat(10_240), cart.id]) {
          const error = await rejection(shop.orders.placeOrder(orderInput(cartId)));
          expect(error.kind).toBe('not_found');
        }
        expect(await snapshot()).toEqual(before);
      });

      it('refuses a cart whose stock dropped since, naming the product, and takes nothing', async () => {
        const luka = await product('Luka Doncic Prizm Silver', 1500, 3);
        const other = await product('Other card', 800, 3);
        const cart = await cartWith([
          [other, 1],
          [luka, 3],
        ]);
        await setStock(luka, 1);
        const before = await snapshot();
        const error = await rejection(shop.orders.placeOrder(orderInput(cart.id)));
        expect(error.kind).toBe('conflict');
        expect(error.message).toContain('Luka Doncic Prizm Silver');
        expect(error.message).toContain('μειώθηκε σε 1');
        expect(await snapshot()).toEqual(before);
        expect(await stockOf(luka)).toBe(1);
        expect(await stockOf(other)).toBe(3);
        // The shopper then sees the change in the cart and can order what is left.
        const seen = await shop.carts.getCart(cart.id);
        expect(seen?.notices.map((notice) => notice.kind)).toEqual(['reduced']);
        const { order } = await shop.orders.placeOrder(orderInput(cart.id));
        expect(order.lines.map((line) => line.quantity)).toEqual([1, 1]);
        expect(await stockOf(luka)).toBe(0);
      });

      it('refuses a cart whose product sold out since, naming it', async () => {
        const card = await product('Victor Wembanyama Rookie', 5000, 1);
        const cart = await cartWith([[card, 1]]);
        await setStock(card, 0);
        const before = await snapshot();
        const error = await rejection(shop.orders.placeOrder(orderInput(cart.id)));
        expect(error.kind).toBe('conflict');
        expect(error.message).toContain('Victor Wembanyama Rookie');
        expect(error.message).toContain('εξαντλήθηκε');
        expect(await snapshot()).toEqual(before);
      });
    });

    describe('idempotency', () => {
      it('gives the same order for the same key, and takes the stock once', async () => {
        const card = await product('Card', 1000, 5);
        const cart = await cartWith([[card, 2]]);
        const input = orderInput(cart.id);
        const first = await shop.orders.placeOrder(input);
        const second = await shop.orders.placeOrder(input);
        expect(first.created).toBe(true);
        expect(second.created).toBe(false);
        expect(second.order).toEqual(first.order);
        expect(await countRows(shop, 'orders')).toBe(1);
        expect(await countRows(shop, 'order_lines')).toBe(1);
        expect(await stockOf(card)).toBe(3);
      });

      it('makes one order of two simultaneous submits', async () => {
        const card = await product('Card', 1000, 5);
        const cart = await cartWith([[card, 2]]);
        const input = orderInput(cart.id);
        const results = await Promise.all([shop.orders.placeOrder(input), shop.orders.placeOrder(input)]);
        expect(results.map((result) => result.created).sort()).toEqual([false, true]);
        expect(results[0].order).toEqual(results[1].order);
        expect(await countRows(shop, 'orders')).toBe(1);
        expect(await stockOf(card)).toBe(3);
      });

      it('refuses the same key with another cart', async () => {
        const card = await product('Card', 1000, 5);
        const cart = await cartWith([[card, 1]]);
        const otherCart = await cartWith([[card, 1]]);
        const input = orderInput(cart.id);
        await shop.orders.placeOrder(input);
        const before = await snapshot();
        const error = await rejection(shop.orders.placeOrder({ ...input, cartId: otherCart.id }));
        expect(error.kind).toBe('conflict');
        expect(await snapshot()).toEqual(before);
        expect(await shop.carts.getCart(otherCart.id)).not.toBeNull();
      });
    });

    describe('placeOrder (server) and the mail outbox', () => {
      it('queues the confirmation to the shopper and the notification to the shop, once', async () => {
        const card = await product('2024-25 Panini Prizm Jayson Tatum #1', 1250, 3);
        const cart = await cartWith([[card, 1]]);
        const submitted = form();
        const order = await placeOrder(shop.container, cart.id, submitted);
        expect(order.number).toMatch(/^CV-\d+$/);
        expect(order.notes).toBe('Σε toploader παρακαλώ');

        const outbox = await shop.mail.listOutbox();
        expect(outbox).toHaveLength(2);
        const confirmation = outbox.find((mail) => mail.kind === 'order-confirmation');
        const notification = outbox.find((mail) => mail.kind === 'order-notification');
        const url = `${shop.env.siteUrl}/order/${order.accessToken}`;
        expect(confirmation).toMatchObject({
          to: 'giorgos@example.gr',
          replyTo: null,
          subject: `Η παραγγελία σας ${order.number}`,
          status: 'pending',
        });
        expect(confirmation?.text).toContain(url);
        expect(confirmation?.text).toContain('2024-25 Panini Prizm Jayson Tatum #1');
        expect(notification).toMatchObject({ to: shop.env.SHOP_EMAIL, replyTo: 'giorgos@example.gr' });
        expect(notification?.subject).toContain(order.number);
        expect(notification?.text).toContain(url);
        expect(notification?.text).toContain('Σε toploader παρακαλώ');

        // A repeated submit (same key) returns the same order and queues nothing more.
        const again = await placeOrder(shop.container, cart.id, submitted);
        expect(again).toEqual(order);
        expect(await shop.mail.listOutbox()).toHaveLength(2);
        expect(await countRows(shop, 'orders')).toBe(1);
      });

      it('commits the order, its stock and both mails together: a failing mail write leaves nothing', async () => {
        const card = await product('2024-25 Panini Prizm Luka Doncic #77', 1250, 3);
        const cart = await cartWith([[card, 2]]);
        const before = await snapshot();
        // A failure at the moment the second mail is written (as a full disk would fail it).
        const restore = await failSecondMail();
        await expect(placeOrder(shop.container, cart.id, form())).rejects.toThrow('disk full');
        expect(await snapshot()).toEqual(before);

        await restore();
        const order = await placeOrder(shop.container, cart.id, form());
        expect(await countRows(shop, 'orders')).toBe(1);
        expect((await shop.mail.listOutbox()).map((mail) => mail.kind).sort()).toEqual([
          'order-confirmation',
          'order-notification',
        ]);
        expect(order.lines[0]?.quantity).toBe(2);
      });

      it('queues nothing when the order is refused', async () => {
        const card = await product('Cheap', 300, 3);
        const cart = await cartWith([[card, 1]]);
        await rejection(placeOrder(shop.container, cart.id, form()));
        expect(await shop.mail.listOutbox()).toEqual([]);
      });
    });

    describe('the race for the last card', () => {
      const TITLE = '2003-04 Upper Deck LeBron James Rookie';

      async function raceCarts(count: number, card: Product): Promise<string[]> {
        const ids: string[] = [];
        for (let i = 0; i < count; i++) ids.push((await cartWith([[card, 1]])).id);
        return ids;
      }

      function expectOneWinner(results: PromiseSettledResult<unknown>[]) {
        const fulfilled = results.filter((result) => result.status === 'fulfilled');
        const rejected = results.filter(
          (result): result is PromiseRejectedResult => result.status === 'rejected',
        );
        const reasons = rejected.map((result) => result.reason as unknown);
        const notAppErrors = reasons.filter((reason) => !isAppError(reason));
        expect(notAppErrors.map(String)).toEqual([]);
        const kinds = reasons.map((reason) => (reason as AppError).kind);
        expect(fulfilled).toHaveLength(1);
        expect(kinds).toEqual(Array(results.length - 1).fill('conflict'));
        for (const reason of reasons as AppError[]) {
          expect(reason.message).toContain(TITLE);
          expect(reason.message).toContain('εξαντλήθηκε');
        }
        return { fulfilled: fulfilled.length, conflicts: kinds.length };
      }

      it('sells a card with stock 1 exactly once to 50 simultaneous buyers', {
        timeout: 60_000,
      }, async () => {
        const card = await product(TITLE, 25_000, 1);
        const carts = await raceCarts(50, card);
        const started = performance.now();
        const results = await Promise.allSettled(
          carts.map((cartId) => shop.orders.placeOrder(orderInput(cartId))),
        );
        const ms = Math.round(performance.now() - started);
        const figures = expectOneWinner(results);
        expect(await stockOf(card)).toBe(0);
        expect(await countRows(shop, 'orders')).toBe(1);
        expect(await countRows(shop, 'order_lines')).toBe(1);
        expect(await scalar(sql`SELECT SUM(quantity) AS n FROM order_lines`)).toBe(1);
        // Only the winner's cart is closed; the others are still open (with the sold-out line).
        expect(await scalar(sql`SELECT COUNT(*) AS n FROM carts WHERE closed_at IS NOT NULL`)).toBe(1);
        console.info(
          `[race, one process, ${shop.store.dialect}] 50 buyers: ${figures.fulfilled} order, ${figures.conflicts} conflicts, ${ms} ms`,
        );
      });

      /**
       * The race through two instances on one database, as two server processes would be: on SQLite
       * two containers on one data folder, on PostgreSQL two connection pools.
       */
      async function twoProcessRace() {
        const card = await product(TITLE, 25_000, 1);
        const carts = await raceCarts(50, card);
        const second = await shop.another();
        const started = performance.now();
        const results = await Promise.allSettled(
          carts.map((cartId, index) =>
            (index % 2 === 0 ? shop : second).orders.placeOrder(orderInput(cartId)),
          ),
        );
        const ms = Math.round(performance.now() - started);
        return { card, results, ms, secondStock: await stockOf(card, second) };
      }

      it('sells it once too when two server processes share the database', { timeout: 60_000 }, async () => {
        const { card, results, ms, secondStock } = await twoProcessRace();
        const fulfilled = results.filter((result) => result.status === 'fulfilled').length;
        const reasons = results
          .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
          .map((result) => result.reason as unknown);
        expect(fulfilled).toBe(1);
        expect(reasons).toHaveLength(49);
        expect(await stockOf(card)).toBe(0);
        expect(secondStock).toBe(0);
        expect(await countRows(shop, 'orders')).toBe(1);
        expect(await countRows(shop, 'order_lines')).toBe(1);
        const conflicts = reasons.filter((reason) => isAppError(reason) && reason.kind === 'conflict').length;
        const raw = reasons.filter((reason) => !isAppError(reason));
        console.info(
          `[race, two instances, ${shop.store.dialect}] 25 + 25 buyers: ${fulfilled} order, ${conflicts} conflicts, ` +
            `${raw.length} raw errors (${[...new Set(raw.map(String))].join('; ') || 'none'}), ${ms} ms`,
        );
      });

      // Every loser gets the 409 that names the card, never a raw database error (an HTTP 500): on
      // SQLite a busy answer is waited out (decision 055), on PostgreSQL a lost race is a refused update.
      it('tells every loser of the two-process race that the card sold out', {
        timeout: 60_000,
      }, async () => {
        const { results } = await twoProcessRace();
        expectOneWinner(results);
      });
    });

    describe('a mixed workload', () => {
      // A hang guard (decision 073), with room for a full run's busiest first minutes.
      it('never oversells and keeps every total right under 1,000 concurrent operations', {
        timeout: 180_000,
      }, async () => {
        const random = prng(20_250_501);
        const products: { item: Product; initial: number }[] = [];
        for (let i = 0; i < 20; i++) {
          const initial = random.int(1, 5);
          products.push({
            item: await product(`Workload card ${i + 1}`, random.int(400, 2000), initial),
            initial,
          });
        }
        const slots: string[] = [];
        for (let i = 0; i < 100; i++) {
          const pick = at(products, random.int(0, products.length - 1)).item;
          slots.push((await cartWith([[pick, 1]])).id);
        }

        type Op =
          | { type: 'add'; slot: number; product: number; quantity: number }
          | { type: 'remove'; slot: number; pick: number }
          | { type: 'update'; slot: number; pick: number; quantity: number }
          | { type: 'order'; slot: number; pickup: boolean };
        const ops: Op[] = Array.from({ length: 1000 }, (): Op => {
          const roll = random.next();
          const slot = random.int(0, slots.length - 1);
          if (roll < 0.45)
            return {
              type: 'add',
              slot,
              product: random.int(0, products.length - 1),
              quantity: random.int(1, 3),
            };
          if (roll < 0.6) return { type: 'remove', slot, pick: random.next() };
          if (roll < 0.75) return { type: 'update', slot, pick: random.next(), quantity: random.int(1, 3) };
          return { type: 'order', slot, pickup: random.next() < 0.3 };
        });

        const run = async (op: Op): Promise<string> => {
          const cartId = at(slots, op.slot);
          if (op.type === 'add') {
            const cart = await shop.carts.addCartLines(cartId, [
              { merchandiseId: at(products, op.product).item.variantId, quantity: op.quantity },
            ]);
            // A closed cart gives way to a new one, as the cart cookie would.
            if (cart.id !== cartId && slots[op.slot] === cartId) slots[op.slot] = cart.id;
            return 'added';
          }
          const cart = await shop.carts.getCart(cartId);
          if (!cart || cart.lines.length === 0) return 'skipped';
          const line = at(cart.lines, Math.floor(('pick' in op ? op.pick : 0) * cart.lines.length));
          if (op.type === 'remove') {
            await shop.carts.removeCartLines(cartId, [line.id]);
            return 'removed';
          }
          if (op.type === 'update') {
            await shop.carts.updateCartLine(cartId, line.id, op.quantity);
            return 'updated';
          }
          if (cart.subtotalCents < 700) return 'skipped';
          await shop.orders.placeOrder(
            orderInput(cartId, { delivery: op.pickup ? { method: 'pickup' } : COURIER }),
          );
          return 'ordered';
        };

        const started = performance.now();
        const results = await Promise.allSettled(ops.map(run));
        const ms = Math.round(performance.now() - started);

        const tally: Record<string, number> = {};
        const unexpected: unknown[] = [];
        results.forEach((result, index) => {
          const type = at(ops, index).type;
          if (result.status === 'fulfilled') {
            tally[`${type}:${result.value}`] = (tally[`${type}:${result.value}`] ?? 0) + 1;
          } else if (
            isAppError(result.reason) &&
            ['invalid', 'not_found', 'conflict'].includes(result.reason.kind)
          ) {
            tally[`${type}:${result.reason.kind}`] = (tally[`${type}:${result.reason.kind}`] ?? 0) + 1;
          } else {
            unexpected.push(result.reason);
          }
        });
        expect(unexpected.map(String)).toEqual([]);

        // Stock: what is left is what there was minus what was ordered, never below zero.
        for (const { item, initial } of products) {
          const variantId = Number(item.variantId.split('/').pop());
          const sold = await scalar(
            sql`SELECT COALESCE(SUM(quantity), 0) AS n FROM order_lines WHERE variant_id = ${variantId}`,
          );
          const stock = await stockOf(item);
          expect(stock).not.toBeNull();
          expect(stock).toBeGreaterThanOrEqual(0);
          expect(stock).toBe(initial - sold);
        }
        expect(await scalar(sql`SELECT COUNT(*) AS n FROM inventory_levels WHERE available < 0`)).toBe(0);

        // Orders: totals add up, shipping follows the delivery, the minimum holds, each closed its cart.
        const { orders, total } = await shop.orders.listOrders({ page: 1, pageSize: 10_000 });
        expect(orders).toHaveLength(total);
        expect(total).toBe(await countRows(shop, 'orders'));
        for (const order of orders) {
          const lineSum = order.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
          expect(order.lines.length).toBeGreaterThan(0);
          expect(order.subtotalCents).toBe(lineSum);
          expect(order.shippingCents).toBe(order.delivery.method === 'courier' ? 350 : 0);
          expect(order.totalCents).toBe(lineSum + order.shippingCents);
          expect(order.subtotalCents).toBeGreaterThanOrEqual(700);
          for (const line of order.lines) expect(line.quantity).toBeGreaterThan(0);
        }
        const orderCarts = await rowsOf(
          sql<{ id: string; closed_at: string | null; n: number }>`SELECT c.id, c.closed_at, COUNT(o.id) AS n
        FROM carts c LEFT JOIN orders o ON o.cart_id = c.id GROUP BY c.id`,
        );
        for (const cart of orderCarts) expect(Number(cart.n)).toBe(cart.closed_at === null ? 0 : 1);
        expect(
          await scalar(
            sql`SELECT COUNT(*) AS n FROM orders WHERE cart_id IS NULL OR cart_id NOT IN (SELECT id FROM carts)`,
          ),
        ).toBe(0);

        // Open carts: once read, no line holds more than the stock.
        const open = await rowsOf(sql<{ id: string }>`SELECT id FROM carts WHERE closed_at IS NULL`);
        for (const { id } of open) {
          const cart = await shop.carts.getCart(id);
          expect(cart).not.toBeNull();
          for (const line of cart?.lines ?? []) {
            expect(line.quantity).toBeGreaterThan(0);
            expect(line.merchandise.available).not.toBeNull();
            expect(line.quantity).toBeLessThanOrEqual(line.merchandise.available ?? 0);
          }
        }
        const overfull = await scalar(
          sql`SELECT COUNT(*) AS n FROM cart_lines l
        JOIN carts c ON c.id = l.cart_id AND c.closed_at IS NULL
        JOIN inventory_items i ON i.variant_id = l.variant_id
        JOIN inventory_levels v ON v.inventory_item_id = i.id
        WHERE l.quantity > v.available`,
        );
        expect(overfull).toBe(0);

        const conflicts = Object.entries(tally)
          .filter(([key]) => key.endsWith(':conflict'))
          .reduce((sum, [, n]) => sum + n, 0);
        const unitsSold = await scalar(sql`SELECT COALESCE(SUM(quantity), 0) AS n FROM order_lines`);
        const initialUnits = products.reduce((sum, entry) => sum + entry.initial, 0);
        console.info(
          `[mixed workload, ${shop.store.dialect}] 1000 ops in ${ms} ms: ${total} orders placed (${unitsSold} of ${initialUnits} units sold), ` +
            `${conflicts} conflicts; ${JSON.stringify(Object.fromEntries(Object.entries(tally).sort()))}`,
        );
        expect(total).toBeGreaterThan(0);
      });
    });

    describe('bad input', () => {
      it('finds no order, and moves none, for an id past what an id column holds', async () => {
        const id = 'gid://shop/Order/999999999999999';
        expect(await shop.orders.getOrder(id)).toBeNull();
        expect((await rejection(shop.orders.setOrderStatus(id, { status: 'paid' }))).kind).toBe('not_found');
        expect(
          (
            await rejection(
              shop.orders.undoStatus(id, () => ({
                kind: 'order-status',
                to: 'a@example.gr',
                subject: 'x',
                text: 'y',
              })),
            )
          ).kind,
        ).toBe('not_found');
      });

      it('refuses out-of-range quantities and odd cart ids with 4xx errors, writing nothing', async () => {
        const card = await product('Card', 1000, 5000);
        const cart = await cartWith([[card, 1]]);
        const before = await snapshot();
        const badIds = ['../../x', 'x'.repeat(10_240), '', '%00', 'A'.repeat(32)];
        const outcomes: AppError[] = [];
        for (const quantity of [1001, 10_000, -1, -1000, 0, 2.5]) {
          outcomes.push(
            await rejection(shop.carts.addCartLines(cart.id, [{ merchandiseId: card.variantId, quantity }])),
          );
          outcomes.push(await rejection(shop.carts.updateCartLine(cart.id, firstLine(cart).id, quantity)));
        }
        for (const cartId of badIds) {
          outcomes.push(await rejection(shop.carts.updateCartLine(cartId, firstLine(cart).id, 1)));
          outcomes.push(await rejection(shop.carts.removeCartLines(cartId, [firstLine(cart).id])));
          outcomes.push(await rejection(shop.orders.placeOrder(orderInput(cartId))));
          expect(await shop.carts.getCart(cartId)).toBeNull();
        }
        for (const error of outcomes) expect(['invalid', 'not_found']).toContain(error.kind);
        expect(await snapshot()).toEqual(before);
      });
    });
  });
