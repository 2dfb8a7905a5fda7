import { sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalCarts } from '../../../src/adapters/commerce-local/carts.ts';
import { createLocalCommerce } from '../../../src/adapters/commerce-local/index.ts';
import { createLocalOrders } from '../../../src/adapters/commerce-local/orders.ts';
import type { DB } from '../../../src/adapters/database/schema.ts';
import type { PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import { parseGid } from '../../../src/adapters/sqlite/ids.ts';
import type { Product } from '../../../src/domain/catalog/product.ts';
import { type AppError, isAppError } from '../../../src/domain/errors.ts';
import type { OutgoingMail } from '../../../src/domain/mail/outgoing-mail.ts';
import { LIFECYCLE_MESSAGES } from '../../../src/domain/orders/lifecycle.ts';
import type { Order } from '../../../src/domain/orders/order.ts';
import type { CartPort, CommercePort, OrderPort, PlaceOrderInput } from '../../../src/ports/commerce.ts';
import { postgresTestDatabase, type TestDatabase } from '../../helpers/databases.ts';

/**
 * The guarantees of orders when several instances of the shop share one PostgreSQL database
 * (decision 093): the last copy sells once, a checkout sent twice makes one order, two admins
 * moving one order do not both move it, and thousands of concurrent sales and cancellations keep
 * every unit accounted for. Each instance is a connection pool of its own, as another server is.
 */

type Instance = { commerce: CommercePort; carts: CartPort; orders: OrderPort };

const INSTANCES = 3;
const CUSTOMER = { name: 'Γιώργος Παπαδόπουλος', email: 'giorgos@example.gr', phone: '6912345678' };

let database: TestDatabase<PostgresEngine>;
let instances: Instance[];
let keys = 0;

beforeEach(async () => {
  database = await postgresTestDatabase();
  const stores = [database.store];
  for (let index = 1; index < INSTANCES; index++) stores.push(await database.another());
  instances = stores.map((store) => ({
    commerce: createLocalCommerce(store),
    carts: createLocalCarts(store),
    orders: createLocalOrders(store),
  }));
});

afterEach(async () => {
  await database.close();
});

/** The instance a request lands on, round robin. */
const on = (index: number): Instance => instances[index % instances.length] as Instance;
const first = () => on(0);

const confirmation = (order: Order): OutgoingMail => ({
  kind: 'order-confirmation',
  to: order.customer.email,
  subject: `Η παραγγελία σας ${order.number}`,
  text: `Ευχαριστούμε για την παραγγελία ${order.number}.`,
});

function orderInput(cartId: string, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    cartId,
    idempotencyKey: `race-${String(keys++).padStart(10, '0')}`,
    customer: CUSTOMER,
    delivery: { method: 'pickup' },
    payment: 'bank_transfer',
    notes: '',
    shipping: { courierFeeCents: 0, freeShippingFromCents: null },
    mails: (order) => [confirmation(order)],
    ...overrides,
  };
}

async function product(title: string, priceCents: number, quantity: number): Promise<Product> {
  const { product } = await first().commerce.createProduct({
    title,
    priceCents,
    quantity,
    tags: [],
    productType: 'Card',
  });
  return product;
}

async function stockOf(item: Product): Promise<number | null> {
  return (await first().commerce.getProduct(item.variantId))?.available ?? null;
}

async function count(table: 'orders' | 'order_lines' | 'mail_outbox' | 'order_events'): Promise<number> {
  const row = await database.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const rejected = (results: PromiseSettledResult<unknown>[]) =>
  results
    .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    .map((result) => result.reason as unknown);

/**
 * Runs `write` in a transaction on another connection (another instance) and keeps it open:
 * resolves once the writes are made, with the function that commits them.
 */
async function heldOpen(write: (trx: Transaction<DB>) => Promise<void>): Promise<() => Promise<void>> {
  const other = await database.another();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let written = () => {};
  const made = new Promise<void>((resolve) => {
    written = resolve;
  });
  const done = other.transaction(async (trx) => {
    await write(trx);
    written();
    await released;
  });
  await Promise.race([made, done]);
  return async () => {
    release();
    await done;
  };
}

/** Resolves once a connection to the test database waits for a lock (an order, at a held row). */
async function untilALockIsAwaited(): Promise<void> {
  for (;;) {
    const waiting = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.store.db);
    if ((waiting.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the last copy, wanted by 50 buyers on three instances', () => {
  it('is sold once: one order, 49 refusals naming the card as sold out, stock 0', {
    timeout: 60_000,
  }, async () => {
    const TITLE = '2003-04 Upper Deck LeBron James Rookie';
    const card = await product(TITLE, 25_000, 1);
    const carts: string[] = [];
    for (let index = 0; index < 50; index++)
      carts.push(
        (await on(index).carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }])).id,
      );

    const started = performance.now();
    const results = await Promise.allSettled(
      carts.map((cartId, index) => on(index).orders.placeOrder(orderInput(cartId))),
    );
    const ms = Math.round(performance.now() - started);

    const refusals = rejected(results);
    expect(refusals.filter((reason) => !isAppError(reason)).map(String)).toEqual([]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(refusals).toHaveLength(49);
    for (const reason of refusals as AppError[]) {
      expect(reason.kind).toBe('conflict');
      expect(reason.message).toContain(`«${TITLE}»`);
      expect(reason.message).toContain('εξαντλήθηκε');
    }
    expect(await stockOf(card)).toBe(0);
    expect(await count('orders')).toBe(1);
    expect(await count('order_lines')).toBe(1);
    expect(await count('mail_outbox')).toBe(1);
    const closed = await database.store.db
      .selectFrom('carts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('closed_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(closed.n)).toBe(1);
    console.info(`[PostgreSQL race] 50 buyers on ${INSTANCES} instances: 1 order, 49 refusals, ${ms} ms`);
  });
});

describe('a card of the cart sold while the order waits for its stock', () => {
  it('orders nothing and takes nothing: the other card keeps its stock, the cart stays open', async () => {
    const kept = await product('2018-19 Panini Prizm Luka Doncic', 3000, 2);
    const sold = await product('2019-20 Panini Prizm Ja Morant', 4000, 1);
    const cart = await first().carts.addCartLines(null, [
      { merchandiseId: kept.variantId, quantity: 1 },
      { merchandiseId: sold.variantId, quantity: 1 },
    ]);
    // Another instance sells the last Morant and has not committed yet: the order reads the cart
    // as it was (1 in stock), then waits at the stock rows' lock.
    const variantId = Number(parseGid('ProductVariant', sold.variantId));
    const commitSale = await heldOpen(async (trx) => {
      await sql`UPDATE inventory_levels SET available = 0
        WHERE inventory_item_id = (SELECT id FROM inventory_items WHERE variant_id = ${variantId})`.execute(
        trx,
      );
    });
    const placing = on(1).orders.placeOrder(orderInput(cart.id));
    const outcome = placing.then(
      () => null,
      (error: unknown) => error,
    );
    await untilALockIsAwaited();
    await commitSale();

    const error = (await outcome) as AppError | null;
    expect(error).toMatchObject({ kind: 'conflict' });
    expect(error?.message).toContain('2019-20 Panini Prizm Ja Morant');
    expect(error?.message).toContain('εξαντλήθηκε');
    expect(await stockOf(kept)).toBe(2);
    expect(await stockOf(sold)).toBe(0);
    expect(await count('orders')).toBe(0);
    expect(await count('order_lines')).toBe(0);
    expect(await count('order_events')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
    expect(await first().carts.getCart(cart.id)).not.toBeNull();
  });
});

describe('an order placed in one statement (decision 104)', () => {
  it('opens no transaction for a cart of one tracked card, and one for a cart of two', async () => {
    let transactions = 0;
    const counted: PostgresEngine = {
      ...database.store,
      transaction: (run) => {
        transactions++;
        return database.store.transaction(run);
      },
    };
    const orders = createLocalOrders(counted);
    const single = await product('2020-21 Panini Prizm LaMelo Ball', 5000, 3);
    const other = await product('2020-21 Panini Prizm Anthony Edwards', 4000, 3);
    const one = await first().carts.addCartLines(null, [{ merchandiseId: single.variantId, quantity: 2 }]);
    const placed = await orders.placeOrder(orderInput(one.id));
    expect(placed.created).toBe(true);
    expect(placed.order.lines).toEqual([expect.objectContaining({ title: single.title, quantity: 2 })]);
    expect(placed.order.history).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(transactions).toBe(0);
    transactions = 0;
    const two = await first().carts.addCartLines(null, [
      { merchandiseId: single.variantId, quantity: 1 },
      { merchandiseId: other.variantId, quantity: 1 },
    ]);
    await orders.placeOrder(orderInput(two.id));
    expect(transactions).toBe(1);
    expect(await stockOf(single)).toBe(0);
    expect(await stockOf(other)).toBe(2);
    expect(await count('mail_outbox')).toBe(2);
    expect(await count('order_events')).toBe(2);
  });

  it('orders the cart as it is when another card joined it after the read', async () => {
    const held = await product('2018-19 Panini Prizm Luka Doncic', 3000, 2);
    const joined = await product('2019-20 Panini Prizm Ja Morant', 4000, 2);
    const cart = await first().carts.addCartLines(null, [{ merchandiseId: held.variantId, quantity: 1 }]);
    // Another tab adds a card, as carts.ts does (the line, then the cart's row), and has not
    // committed: the order reads the cart with one card, then waits at the cart's row.
    const variantId = Number(parseGid('ProductVariant', joined.variantId));
    const commitAdd = await heldOpen(async (trx) => {
      await sql`INSERT INTO cart_lines (cart_id, variant_id, quantity, created_at)
        VALUES (${cart.id}, ${variantId}, 1, now())`.execute(trx);
      await sql`UPDATE carts SET updated_at = now() WHERE id = ${cart.id}`.execute(trx);
    });
    const placing = on(1).orders.placeOrder(orderInput(cart.id));
    await untilALockIsAwaited();
    await commitAdd();

    const { order } = await placing;
    expect(order.lines.map((line) => line.title).sort()).toEqual([held.title, joined.title].sort());
    expect(await stockOf(held)).toBe(1);
    expect(await stockOf(joined)).toBe(1);
    expect(await count('orders')).toBe(1);
    expect(await first().carts.getCart(cart.id)).toBeNull();
  });
});

describe('a checkout sent more than once at the same moment', () => {
  it('makes one order from ten submits on three instances, and answers each with it', async () => {
    const card = await product('Card', 1000, 5);
    const cart = await first().carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 2 }]);
    const input = orderInput(cart.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => on(index).orders.placeOrder(input)),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    for (const result of results) expect(result.order).toEqual(results[0]?.order);
    expect(await count('orders')).toBe(1);
    expect(await count('mail_outbox')).toBe(1);
    expect(await stockOf(card)).toBe(3);
  });

  it('makes one order of one key sent with two carts at once, and refuses the other cart', async () => {
    const card = await product('Card', 1000, 5);
    const mine = await first().carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
    const other = await on(1).carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 1 }]);
    const input = orderInput(mine.id);
    const results = await Promise.allSettled([
      first().orders.placeOrder(input),
      on(1).orders.placeOrder({ ...input, cartId: other.id }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(rejected(results)).toEqual([expect.objectContaining({ kind: 'conflict' })]);
    expect(await count('orders')).toBe(1);
    expect(await stockOf(card)).toBe(4);
  });
});

describe('two admins moving one order at the same moment', () => {
  async function placed(): Promise<{ order: Order; card: Product }> {
    const card = await product('Giannis Antetokounmpo Prizm', 2500, 3);
    const cart = await first().carts.addCartLines(null, [{ merchandiseId: card.variantId, quantity: 2 }]);
    const { order } = await first().orders.placeOrder(orderInput(cart.id));
    return { order, card };
  }

  const statusMail = (order: Order): OutgoingMail => ({
    kind: 'order-status',
    to: order.customer.email,
    subject: `Η παραγγελία σας ${order.number}: ${order.status}`,
    text: 'Η κατάσταση της παραγγελίας σας άλλαξε.',
  });

  it('marks it paid once: the other gets the lifecycle 409, and one event and one mail are written', async () => {
    const { order } = await placed();
    const results = await Promise.allSettled(
      [0, 1].map((index) => on(index).orders.setOrderStatus(order.id, { status: 'paid' }, statusMail)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(rejected(results)).toEqual([
      expect.objectContaining({ kind: 'conflict', message: LIFECYCLE_MESSAGES.notAllowed('paid', 'paid') }),
    ]);
    const after = await first().orders.getOrder(order.id);
    expect(after?.history.map((event) => event.status)).toEqual(['pending', 'paid']);
    expect(await count('mail_outbox')).toBe(2);
  });

  it('cancels it once, putting the stock back once', async () => {
    const { order, card } = await placed();
    expect(await stockOf(card)).toBe(1);
    const results = await Promise.allSettled(
      [0, 1, 2].map((index) =>
        on(index).orders.setOrderStatus(order.id, { status: 'cancelled', reason: 'Διπλή' }, statusMail),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(rejected(results)).toEqual(
      Array(2).fill(
        expect.objectContaining({
          kind: 'conflict',
          message: LIFECYCLE_MESSAGES.notAllowed('cancelled', 'cancelled'),
        }),
      ),
    );
    expect(await stockOf(card)).toBe(3);
    expect(await count('order_events')).toBe(2);
  });

  it('undoes the last move once', async () => {
    const { order } = await placed();
    await first().orders.setOrderStatus(order.id, { status: 'paid' }, statusMail);
    const correction = (moved: Order): OutgoingMail => ({ ...statusMail(moved), subject: 'Διόρθωση' });
    const results = await Promise.allSettled(
      [0, 1].map((index) => on(index).orders.undoStatus(order.id, correction)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(rejected(results)).toEqual([
      expect.objectContaining({ kind: 'conflict', message: LIFECYCLE_MESSAGES.nothingToUndo }),
    ]);
    const after = await first().orders.getOrder(order.id);
    expect(after?.status).toBe('pending');
    expect(after?.history.map((event) => [event.status, event.undoneAt !== null])).toEqual([
      ['pending', false],
      ['paid', true],
    ]);
  });
});

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

describe('10,000 concurrent stock operations on three instances', () => {
  const OPERATIONS = 10_000;
  const BATCH = 300;

  it('never oversell, and every unit is accounted for: initial − ordered + restored = final', {
    timeout: 600_000,
  }, async () => {
    const random = prng(20_261_127);
    const products: Array<{ item: Product; initial: number }> = [];
    for (let index = 0; index < 20; index++) {
      const initial = random.int(20, 200);
      products.push({
        item: await product(`Race card ${index + 1}`, random.int(700, 3000), initial),
        initial,
      });
    }
    // Sold too, and their stock set by the owner meanwhile: the form's quantity replaces the stock,
    // so only "never below zero" holds for these.
    const edited: Product[] = [];
    for (let index = 0; index < 5; index++)
      edited.push(await product(`Edited card ${index + 1}`, random.int(700, 3000), random.int(0, 40)));
    const sold = [...products.map((entry) => entry.item), ...edited];
    const placed: Order[] = [];
    const tally: Record<string, number> = {};
    const unexpected: unknown[] = [];
    const note = (key: string) => {
      tally[key] = (tally[key] ?? 0) + 1;
    };

    type Operation =
      | { type: 'checkout'; lines: Array<{ product: number; quantity: number }> }
      | { type: 'cancel' | 'pay'; pick: number }
      | { type: 'edit'; product: number; quantity: number };
    const operation = (): Operation => {
      const roll = random.next();
      if (roll < 0.62) {
        const lines = new Map<number, number>();
        for (let line = random.int(1, 3); line > 0; line--)
          lines.set(random.int(0, sold.length - 1), random.int(1, 3));
        return {
          type: 'checkout',
          lines: [...lines].map(([product, quantity]) => ({ product, quantity })),
        };
      }
      if (roll < 0.95) return { type: roll < 0.85 ? 'cancel' : 'pay', pick: random.next() };
      return { type: 'edit', product: random.int(0, edited.length - 1), quantity: random.int(0, 40) };
    };

    const run = async (op: Operation, index: number): Promise<string> => {
      const instance = on(index);
      if (op.type === 'checkout') {
        const cart = await instance.carts.addCartLines(
          null,
          op.lines.map((line) => ({
            merchandiseId: (sold[line.product] as Product).variantId,
            quantity: line.quantity,
          })),
        );
        // The checkout lands on another instance than the cart add, as behind a load balancer.
        const { order } = await on(index + 1).orders.placeOrder(orderInput(cart.id));
        placed.push(order);
        return 'ordered';
      }
      if (op.type === 'edit') {
        const item = edited[op.product] as Product;
        await instance.commerce.updateProduct(item.id, {
          title: item.title,
          priceCents: item.priceCents ?? 0,
          quantity: op.quantity,
          tags: [],
          productType: 'Card',
        });
        return 'edited';
      }
      const order = placed[Math.floor(op.pick * placed.length)];
      if (!order) return 'skipped';
      await instance.orders.setOrderStatus(order.id, { status: op.type === 'cancel' ? 'cancelled' : 'paid' });
      return op.type === 'cancel' ? 'cancelled' : 'paid';
    };

    const started = performance.now();
    for (let done = 0; done < OPERATIONS; done += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, OPERATIONS - done) }, operation);
      const results = await Promise.allSettled(batch.map((op, index) => run(op, done + index)));
      results.forEach((result, index) => {
        const type = (batch[index] as Operation).type;
        if (result.status === 'fulfilled') note(`${type}:${result.value}`);
        else if (isAppError(result.reason) && ['invalid', 'conflict'].includes(result.reason.kind))
          note(`${type}:${result.reason.kind}`);
        else unexpected.push(result.reason);
      });
    }
    const ms = Math.round(performance.now() - started);
    expect(unexpected.map(String)).toEqual([]);

    const { db } = database.store;
    expect(
      Number(
        (
          await db
            .selectFrom('inventory_levels')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('available', '<', 0)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    const moved = await sql<{ variant_id: number; ordered: number; restored: number }>`
      SELECT order_lines.variant_id, SUM(order_lines.quantity) AS ordered,
        SUM(CASE WHEN orders.status = 'cancelled' THEN order_lines.quantity ELSE 0 END) AS restored
      FROM order_lines JOIN orders ON orders.id = order_lines.order_id
      GROUP BY order_lines.variant_id`.execute(db);
    const byVariant = new Map(moved.rows.map((row) => [row.variant_id, row]));
    let initialUnits = 0;
    let orderedUnits = 0;
    let restoredUnits = 0;
    let finalUnits = 0;
    for (const { item, initial } of products) {
      const row = byVariant.get(Number(parseGid('ProductVariant', item.variantId)));
      const ordered = Number(row?.ordered ?? 0);
      const restored = Number(row?.restored ?? 0);
      const final = await stockOf(item);
      expect(final).toBe(initial - ordered + restored);
      initialUnits += initial;
      orderedUnits += ordered;
      restoredUnits += restored;
      finalUnits += final ?? 0;
    }

    // What the callers were told matches what was written: every order they got is there, with its
    // mail and placed event; every cancellation they got is one cancelled order.
    expect(await count('orders')).toBe(tally['checkout:ordered'] ?? 0);
    expect(await count('orders')).toBe(placed.length);
    const cancelled = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(Number(cancelled.n)).toBe(tally['cancel:cancelled'] ?? 0);
    expect(await count('mail_outbox')).toBe(placed.length);
    const clientOrdered = placed.reduce(
      (sum, order) => sum + order.lines.reduce((lines, line) => lines + line.quantity, 0),
      0,
    );
    expect(moved.rows.reduce((sum, row) => sum + Number(row.ordered), 0)).toBe(clientOrdered);
    for (const item of edited) expect(await stockOf(item)).toBeGreaterThanOrEqual(0);
    expect(tally['checkout:conflict'] ?? 0).toBeGreaterThan(0);
    expect(tally['cancel:cancelled'] ?? 0).toBeGreaterThan(0);

    // Stock rows are locked in item order before any changes (stock-moves.ts): no deadlock to retry.
    // PostgreSQL 15 counts in shared memory, flushed on demand; 14 sends its counts within 0.5 s.
    const version = await sql<{ n: string }>`SELECT current_setting('server_version_num') AS n`.execute(db);
    if (Number(version.rows[0]?.n) >= 150_000) await sql`SELECT pg_stat_force_next_flush()`.execute(db);
    else await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stats = await sql<{ deadlocks: number }>`SELECT deadlocks FROM pg_stat_database
      WHERE datname = current_database()`.execute(db);
    const deadlocks = Number(stats.rows[0]?.deadlocks);
    expect(deadlocks).toBe(0);

    console.info(
      `[PostgreSQL stock workload] ${OPERATIONS} operations on ${INSTANCES} instances, ${BATCH} at once, in ${ms} ms: ` +
        `20 cards: ${initialUnits} units at first − ${orderedUnits} ordered + ${restoredUnits} restored = ${finalUnits} left, ` +
        `${deadlocks} deadlocks; ` +
        `${JSON.stringify(Object.fromEntries(Object.entries(tally).sort()))}`,
    );
  });
});
