import { teamOfTags } from '../catalog/offers.ts';
import type { SalesFigures, SalesWindow } from './figures.ts';

/**
 * The overview's sales figures summed from a list of orders, for a backend that hands over orders
 * rather than sums (Shopify's Admin API; decision 091). The same figures, by the same rules, as
 * the embedded engine's SQL (src/adapters/commerce-local/overview.ts, decision 088).
 */

/** A line of an order, as sold: the product's type and tags are null once it is deleted. */
export type OrderLineFacts = {
  variantId: string | null;
  title: string;
  quantity: number;
  unitCents: number;
  productType: string | null;
  tags: readonly string[] | null;
};

export type OrderFacts = {
  createdAt: Date;
  /** Cancelled and test orders count in no figure. */
  cancelled: boolean;
  test: boolean;
  /** Waiting for the owner: nothing done on it yet (the engine's pending; Shopify's Unfulfilled). */
  waiting: boolean;
  totalCents: number;
  /** Needed only for the orders of the last 30 days (best sellers, sales by team). */
  lines: readonly OrderLineFacts[];
};

const BEST_SELLERS = 10;

/** The team tag: a product's first tag that is not the 'offer' marker; null when none. */
export function teamTag(tags: readonly string[]): string | null {
  return teamOfTags(tags) || null;
}

/** The Athens day of an instant by the window's offset spans; past the last span its offset holds. */
function dayOf(at: Date, spans: SalesWindow['spans']): string {
  const time = at.getTime();
  const span = spans.find((candidate) => time < candidate.to.getTime()) ?? spans.at(-1);
  const offset = span?.offsetMinutes ?? 0;
  return new Date(time + offset * 60_000).toISOString().slice(0, 10);
}

export function salesFromOrders(orders: readonly OrderFacts[], window: SalesWindow): SalesFigures {
  const { periods, spans } = window;
  const sold = orders.filter((order) => !order.cancelled && !order.test);
  const since = (from: Date) => sold.filter((order) => order.createdAt.getTime() >= from.getTime());
  const total = (from: Date) => {
    const within = since(from);
    return {
      revenueCents: within.reduce((sum, order) => sum + order.totalCents, 0),
      orders: within.length,
    };
  };

  const days = new Map<string, { day: string; revenueCents: number; orders: number }>();
  for (const order of since(periods.days90)) {
    const day = dayOf(order.createdAt, spans);
    const found = days.get(day) ?? { day, revenueCents: 0, orders: 0 };
    found.revenueCents += order.totalCents;
    found.orders += 1;
    days.set(day, found);
  }

  const lines = since(periods.days30).flatMap((order) => order.lines);
  return {
    newOrders: sold.filter((order) => order.waiting).length,
    totals: { today: total(periods.today), week: total(periods.week), month: total(periods.month) },
    daily: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    bestSellers: bestSellers(lines),
    byTeam: byTeam(lines),
  };
}

/** By variant; a deleted product's lines (no variant) stay apart by their title, as in the engine. */
function bestSellers(lines: readonly OrderLineFacts[]): SalesFigures['bestSellers'] {
  const rows = new Map<string, SalesFigures['bestSellers'][number]>();
  for (const line of lines) {
    const key = line.variantId === null ? `title ${line.title}` : `variant ${line.variantId}`;
    const found = rows.get(key) ?? {
      variantId: line.variantId,
      title: line.title,
      quantity: 0,
      revenueCents: 0,
    };
    // A renamed product keeps one row; its title is the greatest, as the engine's MAX() picks.
    if (line.title > found.title) found.title = line.title;
    found.quantity += line.quantity;
    found.revenueCents += line.quantity * line.unitCents;
    rows.set(key, found);
  }
  return [...rows.values()]
    .sort(
      (a, b) => b.quantity - a.quantity || b.revenueCents - a.revenueCents || a.title.localeCompare(b.title),
    )
    .slice(0, BEST_SELLERS);
}

/** Largest first, so the answer does not depend on the order the orders came in. */
function byTeam(lines: readonly OrderLineFacts[]): SalesFigures['byTeam'] {
  const rows = new Map<string, SalesFigures['byTeam'][number]>();
  for (const line of lines) {
    const team = line.tags ? teamTag(line.tags) : null;
    const key = JSON.stringify([team, line.productType]);
    const found = rows.get(key) ?? { team, productType: line.productType, revenueCents: 0, quantity: 0 };
    found.revenueCents += line.quantity * line.unitCents;
    found.quantity += line.quantity;
    rows.set(key, found);
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.revenueCents - a.revenueCents ||
      JSON.stringify([a.team, a.productType]).localeCompare(JSON.stringify([b.team, b.productType])),
  );
}
