import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../src/domain/orders/order.ts';
import { offsetSpans, periodStarts } from '../../src/domain/overview/shop-time.ts';
import type { OverviewPort } from '../../src/ports/overview.ts';

/**
 * The overview port's figures on fixed orders, for every adapter (the embedded engine today):
 * Athens day boundaries (midnight is 22:00 or 21:00 UTC), the clock change of 25 October 2026,
 * cancelled orders left out, best sellers, sales by team and type, and the stock lists.
 */
export type OverviewHarness = {
  overview: OverviewPort;
  /** A product with stock; answers its variant id. */
  product(input: {
    title: string;
    tags: string[];
    productType: string;
    priceCents: number;
    quantity: number;
  }): Promise<string>;
  /** An order of these lines (shipping free), placed at `at`, then moved to `status`. */
  order(
    lines: Array<{ variantId: string; quantity: number }>,
    at: string,
    status?: OrderStatus,
  ): Promise<void>;
  close(): Promise<void>;
};

/** Friday 27 November 2026, noon in Athens. */
const NOW = new Date('2026-11-27T10:00:00Z');

export function overviewContract(name: string, open: () => Promise<OverviewHarness>) {
  describe(`overview port contract: ${name}`, () => {
    let harness: OverviewHarness;
    let figures: Awaited<ReturnType<OverviewPort['salesFigures']>>;
    const ids: Record<string, string> = {};

    beforeEach(async () => {
      harness = await open();
      const card = { productType: 'Card', quantity: 10 };
      ids.A = await harness.product({ ...card, title: 'Vezenkov A', tags: ['Olympiacos'], priceCents: 1000 });
      ids.B = await harness.product({
        ...card,
        title: 'Tatum B',
        tags: ['Boston Celtics'],
        priceCents: 2500,
        quantity: 3,
      });
      ids.C = await harness.product({
        title: 'Pack C',
        tags: [],
        productType: 'Mystery Pack',
        priceCents: 500,
        quantity: 5,
      });
      ids.D = await harness.product({
        ...card,
        title: 'Sold out D',
        tags: ['Olympiacos'],
        priceCents: 900,
        quantity: 0,
      });
      const a = ids.A as string;
      const b = ids.B as string;
      // Athens 27 Nov 00:30: today.
      await harness.order([{ variantId: a, quantity: 2 }], '2026-11-26T22:30:00.000Z');
      // Athens 26 Nov 23:30: this week (from Monday 23), not today.
      await harness.order([{ variantId: b, quantity: 1 }], '2026-11-26T21:30:00.000Z');
      // Athens Sunday 22 Nov 23:59: last week, this month.
      await harness.order([{ variantId: a, quantity: 1 }], '2026-11-22T21:59:00.000Z', 'paid');
      // Athens 1 Nov 00:30: this month.
      await harness.order(
        [{ variantId: ids.C as string, quantity: 3 }],
        '2026-10-31T22:30:00.000Z',
        'shipped',
      );
      // Athens 31 Oct 23:30: last month, within the 30 days.
      await harness.order([{ variantId: a, quantity: 1 }], '2026-10-31T21:30:00.000Z', 'collected');
      // Today, but cancelled: in no figure.
      await harness.order([{ variantId: b, quantity: 1 }], '2026-11-27T08:00:00.000Z', 'cancelled');
      // Athens 25 Oct 00:30, still summer time (UTC+3): outside the 30 days, inside the 90.
      await harness.order([{ variantId: a, quantity: 1 }], '2026-10-24T21:30:00.000Z');
      const periods = periodStarts(NOW);
      figures = await harness.overview.salesFigures({
        now: NOW,
        periods,
        spans: offsetSpans(periods.days90, NOW),
      });
    });
    afterEach(() => harness.close());

    it('counts the orders waiting for the owner', () => {
      expect(figures.newOrders).toBe(3);
    });

    it('sums today, this week and this month by Athens midnights, without cancelled orders', () => {
      expect(figures.totals).toEqual({
        today: { revenueCents: 2000, orders: 1 },
        week: { revenueCents: 4500, orders: 2 },
        month: { revenueCents: 7000, orders: 4 },
      });
    });

    it('puts each order on its Athens day, across the clock change', () => {
      expect(figures.daily).toEqual([
        { day: '2026-10-25', revenueCents: 1000, orders: 1 },
        { day: '2026-10-31', revenueCents: 1000, orders: 1 },
        { day: '2026-11-01', revenueCents: 1500, orders: 1 },
        { day: '2026-11-22', revenueCents: 1000, orders: 1 },
        { day: '2026-11-26', revenueCents: 2500, orders: 1 },
        { day: '2026-11-27', revenueCents: 2000, orders: 1 },
      ]);
    });

    it("ranks the 30 days' best sellers by copies sold", () => {
      expect(
        figures.bestSellers.map(({ title, quantity, revenueCents }) => [title, quantity, revenueCents]),
      ).toEqual([
        ['Vezenkov A', 4, 4000],
        ['Pack C', 3, 1500],
        ['Tatum B', 1, 2500],
      ]);
      expect(figures.bestSellers[0]?.variantId).toBe(ids.A);
    });

    it("sums the 30 days' sales by team tag and product type", () => {
      const rows = [...figures.byTeam].sort((x, y) => y.revenueCents - x.revenueCents);
      expect(rows).toEqual([
        { team: 'Olympiacos', productType: 'Card', revenueCents: 4000, quantity: 4 },
        { team: 'Boston Celtics', productType: 'Card', revenueCents: 2500, quantity: 1 },
        { team: null, productType: 'Mystery Pack', revenueCents: 1500, quantity: 3 },
      ]);
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
