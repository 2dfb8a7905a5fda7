import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseGid } from '../../src/adapters/sqlite/ids.ts';
import type { OrderStatus } from '../../src/domain/orders/order.ts';
import type { SalesFigures } from '../../src/domain/overview/figures.ts';
import { offsetSpans, periodStarts } from '../../src/domain/overview/shop-time.ts';
import type { OverviewPort } from '../../src/ports/overview.ts';
import type { OrderShop } from '../helpers/order-shop.ts';

/**
 * The overview port's figures on fixed orders, for every adapter (the embedded engine's SQL and
 * Shopify's orders summed in the domain): Athens day boundaries (midnight is 22:00 or 21:00 UTC),
 * the clock change of 25 October 2026, cancelled orders left out, best sellers, sales by team and
 * type, and the stock lists. The fixture and its figures are exported for the domain's own test
 * (tests/domain/overview/order-figures.test.ts), so the pure sum and both adapters agree.
 */
export type OverviewHarness = {
  overview: OverviewPort;
  /** A product with stock; answers its variant id. */
  product(input: FixtureProduct): Promise<string>;
  /**
   * An order of these lines (shipping free), placed at `at`, in the backend's form of `status`:
   * the engine's own status; on Shopify pending is Unfulfilled, the owner's later steps are
   * fulfilment states, cancelled is cancelled.
   */
  order(
    lines: Array<{ variantId: string; quantity: number }>,
    at: string,
    status?: OrderStatus,
  ): Promise<void>;
  close(): Promise<void>;
};

export type FixtureProduct = {
  title: string;
  tags: string[];
  productType: string;
  priceCents: number;
  quantity: number;
};

/** Friday 27 November 2026, noon in Athens. */
export const OVERVIEW_NOW = new Date('2026-11-27T10:00:00Z');

export const OVERVIEW_PRODUCTS = {
  A: { title: 'Vezenkov A', tags: ['Olympiacos'], productType: 'Card', priceCents: 1000, quantity: 10 },
  B: { title: 'Tatum B', tags: ['Boston Celtics'], productType: 'Card', priceCents: 2500, quantity: 3 },
  C: { title: 'Pack C', tags: [], productType: 'Mystery Pack', priceCents: 500, quantity: 5 },
  D: { title: 'Sold out D', tags: ['Olympiacos'], productType: 'Card', priceCents: 900, quantity: 0 },
} satisfies Record<string, FixtureProduct>;

export type FixtureOrder = {
  product: keyof typeof OVERVIEW_PRODUCTS;
  quantity: number;
  at: string;
  status: OrderStatus;
};

export const OVERVIEW_ORDERS: FixtureOrder[] = [
  // Athens 27 Nov 00:30: today.
  { product: 'A', quantity: 2, at: '2026-11-26T22:30:00.000Z', status: 'pending' },
  // Athens 26 Nov 23:30: this week (from Monday 23), not today.
  { product: 'B', quantity: 1, at: '2026-11-26T21:30:00.000Z', status: 'pending' },
  // Athens Sunday 22 Nov 23:59: last week, this month.
  { product: 'A', quantity: 1, at: '2026-11-22T21:59:00.000Z', status: 'paid' },
  // Athens 1 Nov 00:30: this month.
  { product: 'C', quantity: 3, at: '2026-10-31T22:30:00.000Z', status: 'shipped' },
  // Athens 31 Oct 23:30: last month, within the 30 days.
  { product: 'A', quantity: 1, at: '2026-10-31T21:30:00.000Z', status: 'collected' },
  // Today, but cancelled: in no figure.
  { product: 'B', quantity: 1, at: '2026-11-27T08:00:00.000Z', status: 'cancelled' },
  // Athens 25 Oct 00:30, still summer time (UTC+3): outside the 30 days, inside the 90.
  { product: 'A', quantity: 1, at: '2026-10-24T21:30:00.000Z', status: 'pending' },
];

/** What the fixture adds up to; best sellers without their variant ids, which each backend makes. */
export const OVERVIEW_FIGURES = {
  newOrders: 3,
  totals: {
    today: { revenueCents: 2000, orders: 1 },
    week: { revenueCents: 4500, orders: 2 },
    month: { revenueCents: 7000, orders: 4 },
  },
  daily: [
    { day: '2026-10-25', revenueCents: 1000, orders: 1 },
    { day: '2026-10-31', revenueCents: 1000, orders: 1 },
    { day: '2026-11-01', revenueCents: 1500, orders: 1 },
    { day: '2026-11-22', revenueCents: 1000, orders: 1 },
    { day: '2026-11-26', revenueCents: 2500, orders: 1 },
    { day: '2026-11-27', revenueCents: 2000, orders: 1 },
  ],
  bestSellers: [
    ['Vezenkov A', 4, 4000],
    ['Pack C', 3, 1500],
    ['Tatum B', 1, 2500],
  ] as Array<[string, number, number]>,
  /** Largest revenue first. */
  byTeam: [
    { team: 'Olympiacos', productType: 'Card', revenueCents: 4000, quantity: 4 },
    { team: 'Boston Celtics', productType: 'Card', revenueCents: 2500, quantity: 1 },
    { team: null, productType: 'Mystery Pack', revenueCents: 1500, quantity: 3 },
  ],
} satisfies Omit<SalesFigures, 'bestSellers'> & { bestSellers: unknown };

export function overviewWindow(now = OVERVIEW_NOW) {
  const periods = periodStarts(now);
  return { now, periods, spans: offsetSpans(periods.days90, now) };
}

export function overviewContract(name: string, open: () => Promise<OverviewHarness>) {
  describe(`overview port contract: ${name}`, () => {
    let harness: OverviewHarness;
    let figures: Awaited<ReturnType<OverviewPort['salesFigures']>>;
    const ids: Record<string, string> = {};

    beforeEach(async () => {
      harness = await open();
      for (const [key, product] of Object.entries(OVERVIEW_PRODUCTS))
        ids[key] = await harness.product(product);
      for (const order of OVERVIEW_ORDERS)
        await harness.order(
          [{ variantId: ids[order.product] as string, quantity: order.quantity }],
          order.at,
          order.status,
        );
      figures = await harness.overview.salesFigures(overviewWindow());
    });
    afterEach(() => harness.close());

    it('counts the orders waiting for the owner', () => {
      expect(figures.newOrders).toBe(OVERVIEW_FIGURES.newOrders);
    });

    it('sums today, this week and this month by Athens midnights, without cancelled orders', () => {
      expect(figures.totals).toEqual(OVERVIEW_FIGURES.totals);
    });

    it('puts each order on its Athens day, across the clock change', () => {
      expect(figures.daily).toEqual(OVERVIEW_FIGURES.daily);
    });

    it("ranks the 30 days' best sellers by copies sold", () => {
      expect(
        figures.bestSellers.map(({ title, quantity, revenueCents }) => [title, quantity, revenueCents]),
      ).toEqual(OVERVIEW_FIGURES.bestSellers);
      expect(figures.bestSellers[0]?.variantId).toBe(ids.A);
    });

    it("sums the 30 days' sales by team tag and product type", () => {
      const rows = [...figures.byTeam].sort((x, y) => y.revenueCents - x.revenueCents);
      expect(rows).toEqual(OVERVIEW_FIGURES.byTeam);
    });

    it('lists sold-out and low-stock products, newest first, with their counts', async () => {
      // Left: A 10-6 = 4, B 3-2 = 1 (the cancelled order's copy stays taken here), C 5-3 = 2, D 0.
      const watch = await harness.overview.stockWatch(2, 10);
      expect(watch.soldOut).toEqual({
        count: 1,
        items: [expect.objectContaining({ title: 'Sold out D', available: 0, variantId: ids.D })],
      });
      expect(watch.low.count).toBe(2);
      expect(watch.low.items.map((item) => [item.title, item.available])).toEqual([
        ['Pack C', 2],
        ['Tatum B', 1],
      ]);
      expect((await harness.overview.stockWatch(2, 1)).low).toEqual({
        count: 2,
        items: [watch.low.items[0]],
      });
    });
  });
}

/** The embedded engine's harness, on either database. */
export async function engineOverviewHarness(open: () => Promise<OrderShop>): Promise<OverviewHarness> {
  const { store, commerce, carts, orders, overview, close } = await open();
  let keys = 0;
  return {
    overview,
    async product(input) {
      return (await commerce.createProduct(input)).product.variantId;
    },
    async order(lines, at, status = 'pending') {
      const cart = await carts.addCartLines(
        null,
        lines.map((line) => ({ merchandiseId: line.variantId, quantity: line.quantity })),
      );
      const { order } = await orders.placeOrder({
        cartId: cart.id,
        idempotencyKey: `overview-contract-${String(keys++).padStart(8, '0')}`,
        customer: { name: 'Μαρία Παπαδοπούλου', email: 'maria@example.gr', phone: '6912345678' },
        delivery: { method: 'pickup' },
        payment: 'bank_transfer',
        notes: '',
        shipping: { courierFeeCents: 0, freeShippingFromCents: null },
      });
      // Fixed times and statuses are the fixture's, written straight into the orders table.
      await store.db
        .updateTable('orders')
        .set({ created_at: at, status })
        .where('id', '=', Number(parseGid('Order', order.id)))
        .execute();
    },
    close,
  };
}
