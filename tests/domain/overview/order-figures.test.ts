import { describe, expect, it } from 'vitest';
import {
  type OrderFacts,
  type OrderLineFacts,
  salesFromOrders,
  teamTag,
} from '../../../src/domain/overview/order-figures.ts';
import {
  OVERVIEW_FIGURES,
  OVERVIEW_ORDERS,
  OVERVIEW_PRODUCTS,
  overviewWindow,
} from '../../contract/overview.contract.ts';

/** The overview contract's orders as a hosted backend hands them over: the same figures, in memory. */
const variantOf = (key: string) => `gid://shopify/ProductVariant/${key}`;

function lineOf(key: keyof typeof OVERVIEW_PRODUCTS, quantity: number): OrderLineFacts {
  const product = OVERVIEW_PRODUCTS[key];
  return {
    variantId: variantOf(key),
    title: product.title,
    quantity,
    unitCents: product.priceCents,
    productType: product.productType,
    tags: product.tags,
  };
}

const fixture: OrderFacts[] = OVERVIEW_ORDERS.map((order) => ({
  createdAt: new Date(order.at),
  cancelled: order.status === 'cancelled',
  test: false,
  waiting: order.status === 'pending',
  totalCents: OVERVIEW_PRODUCTS[order.product].priceCents * order.quantity,
  lines: [lineOf(order.product, order.quantity)],
}));

const order = (at: string, lines: OrderLineFacts[], extra: Partial<OrderFacts> = {}): OrderFacts => ({
  createdAt: new Date(at),
  cancelled: false,
  test: false,
  waiting: false,
  totalCents: lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0),
  lines,
  ...extra,
});

describe('salesFromOrders on the overview contract fixture', () => {
  const figures = salesFromOrders(fixture, overviewWindow());

  it('counts the orders waiting for the owner, not the cancelled one', () => {
    expect(figures.newOrders).toBe(OVERVIEW_FIGURES.newOrders);
  });

  it('sums today, this week and this month from Athens midnights', () => {
    expect(figures.totals).toEqual(OVERVIEW_FIGURES.totals);
  });

  it('puts each order on its Athens day across midnight and the 25 October clock change', () => {
    expect(figures.daily).toEqual(OVERVIEW_FIGURES.daily);
  });

  it("ranks the 30 days' best sellers by copies, then revenue", () => {
    expect(figures.bestSellers.map((row) => [row.title, row.quantity, row.revenueCents])).toEqual(
      OVERVIEW_FIGURES.bestSellers,
    );
    expect(figures.bestSellers[0]?.variantId).toBe(variantOf('A'));
  });

  it("sums the 30 days' sales by team tag and product type", () => {
    expect([...figures.byTeam].sort((a, b) => b.revenueCents - a.revenueCents)).toEqual(
      OVERVIEW_FIGURES.byTeam,
    );
  });

  it('does not depend on the order the orders come in', () => {
    expect(salesFromOrders([...fixture].reverse(), overviewWindow())).toEqual(figures);
  });
});

describe('salesFromOrders at the edges', () => {
  const window = overviewWindow();

  it('leaves test orders out of every figure, like Shopify reports do', () => {
    const figures = salesFromOrders(
      [order('2026-11-27T08:00:00.000Z', [lineOf('A', 1)], { test: true, waiting: true })],
      window,
    );
    expect(figures).toEqual({
      newOrders: 0,
      totals: {
        today: { revenueCents: 0, orders: 0 },
        week: { revenueCents: 0, orders: 0 },
        month: { revenueCents: 0, orders: 0 },
      },
      daily: [],
      bestSellers: [],
      byTeam: [],
    });
  });

  it('puts an order exactly at Athens midnight on the new day, one a millisecond before on the old', () => {
    const figures = salesFromOrders(
      [
        order('2026-11-26T22:00:00.000Z', [lineOf('A', 1)]),
        order('2026-11-26T21:59:59.999Z', [lineOf('B', 1)]),
      ],
      window,
    );
    expect(figures.totals.today).toEqual({ revenueCents: 1000, orders: 1 });
    expect(figures.daily).toEqual([
      { day: '2026-11-26', revenueCents: 2500, orders: 1 },
      { day: '2026-11-27', revenueCents: 1000, orders: 1 },
    ]);
  });

  it('reads the hour the clocks went back as the same Athens day, at UTC+3 then UTC+2', () => {
    // 25 Oct 2026: 04:00 summer time became 03:00 winter time, at 01:00 UTC.
    const figures = salesFromOrders(
      [
        order('2026-10-25T00:59:00.000Z', [lineOf('A', 1)]),
        order('2026-10-25T01:00:00.000Z', [lineOf('A', 1)]),
      ],
      window,
    );
    expect(figures.daily).toEqual([{ day: '2026-10-25', revenueCents: 2000, orders: 2 }]);
    // 24 Oct 21:00 UTC is midnight in summer time; 22:00 UTC on the 25th is midnight in winter time.
    const edges = salesFromOrders(
      [
        order('2026-10-24T21:00:00.000Z', [lineOf('A', 1)]),
        order('2026-10-25T22:00:00.000Z', [lineOf('A', 1)]),
      ],
      window,
    );
    expect(edges.daily.map((row) => row.day)).toEqual(['2026-10-25', '2026-10-26']);
  });

  it('keeps an order placed after the window was taken on today, by the last offset', () => {
    const figures = salesFromOrders([order('2026-11-27T10:00:05.000Z', [lineOf('A', 1)])], window);
    expect(figures.daily).toEqual([{ day: '2026-11-27', revenueCents: 1000, orders: 1 }]);
  });

  it('leaves orders before the 90 days out of the chart, and lines before the 30 days out of the ranks', () => {
    const figures = salesFromOrders(
      [
        order('2026-08-29T20:59:59.000Z', [lineOf('A', 1)]), // Athens 29 Aug 23:59: before the 90 days
        order('2026-08-29T21:00:00.000Z', [lineOf('A', 1)]), // Athens 30 Aug 00:00: the first of the 90
        order('2026-10-28T21:59:59.000Z', [lineOf('B', 1)]), // Athens 28 Oct 23:59: before the 30 days
      ],
      window,
    );
    expect(figures.daily.map((row) => row.day)).toEqual(['2026-08-30', '2026-10-28']);
    expect(figures.bestSellers).toEqual([]);
  });

  it("keeps a deleted product's lines apart by title, with no team or type", () => {
    const gone = { variantId: null, productType: null, tags: null, unitCents: 700 };
    const figures = salesFromOrders(
      [
        order('2026-11-27T08:00:00.000Z', [
          { ...gone, title: 'Gone one', quantity: 1 },
          { ...gone, title: 'Gone two', quantity: 2 },
        ]),
      ],
      window,
    );
    expect(figures.bestSellers).toEqual([
      { variantId: null, title: 'Gone two', quantity: 2, revenueCents: 1400 },
      { variantId: null, title: 'Gone one', quantity: 1, revenueCents: 700 },
    ]);
    expect(figures.byTeam).toEqual([{ team: null, productType: null, revenueCents: 2100, quantity: 3 }]);
  });

  it('lists ten best sellers at most', () => {
    const lines = Array.from({ length: 12 }, (_, index) => ({
      ...lineOf('A', 1),
      variantId: variantOf(`X${index}`),
      title: `Card ${String(index).padStart(2, '0')}`,
    }));
    expect(salesFromOrders([order('2026-11-27T08:00:00.000Z', lines)], window).bestSellers).toHaveLength(10);
  });
});

describe('teamTag', () => {
  it("is the first tag that is not the 'offer' marker (Shopify sorts tags alphabetically)", () => {
    expect(teamTag(['offer', 'Olympiacos'])).toBe('Olympiacos');
    expect(teamTag(['OFFER', 'Panathinaikos'])).toBe('Panathinaikos');
    expect(teamTag(['Boston Celtics'])).toBe('Boston Celtics');
    expect(teamTag(['offer'])).toBeNull();
    expect(teamTag([])).toBeNull();
  });
});
