import type { OffsetSpan, Periods } from './shop-time.ts';

/** What the overview asks the orders for: its periods, and the offset spans of its 90 days. */
export type SalesWindow = { now: Date; periods: Periods; spans: OffsetSpan[] };

export type PeriodTotal = { revenueCents: number; orders: number };

/**
 * The sales side of the overview, over orders that count as sales: every order but a cancelled
 * one (a pending bank transfer is a sale the owner waits for; decision 088).
 */
export type SalesFigures = {
  /** Orders waiting for the owner (status pending), whenever placed. */
  newOrders: number;
  totals: { today: PeriodTotal; week: PeriodTotal; month: PeriodTotal };
  /** Days of the last 90 (Athens days) that had sales; the rest are zero. */
  daily: Array<{ day: string } & PeriodTotal>;
  /** The last 30 days' best sellers by copies sold. */
  bestSellers: Array<{ variantId: string | null; title: string; quantity: number; revenueCents: number }>;
  /** The last 30 days' sales by the team tag (a product's first tag) and type of what was sold. */
  byTeam: Array<{ team: string | null; productType: string | null; revenueCents: number; quantity: number }>;
};

export type StockItem = { productId: string; variantId: string; title: string; available: number };

/** Products (tracked stock) with none left, and with a few left, newest first. */
export type StockWatch = {
  soldOut: { count: number; items: StockItem[] };
  low: { count: number; items: StockItem[] };
};

/** What the dashboard's overview shows (GET /api/admin/overview). */
export type Overview = {
  /** From the shop's orders, or Shopify's with a hosted checkout (decision 091). */
  sales: {
    newOrders: number;
    totals: SalesFigures['totals'];
    /** The 90 Athens days up to today, oldest first; the chart shows the last 30 or all. */
    days: Array<{ day: string } & PeriodTotal>;
    bestSellers: SalesFigures['bestSellers'];
    bySport: Array<{ label: string; revenueCents: number; quantity: number }>;
  };
  stock: StockWatch & { threshold: number };
  mail: { pending: number; failed: number };
  messages: { unread: number };
  /** Shoppers waiting for a card to come back (decision 087), and the most wanted cards. */
  alerts: {
    waiting: number;
    products: Array<{ productId: string; title: string; path: string; waiting: number }>;
  };
};

/** The 90 days of the chart, each with its figures; days without sales are zero. */
export function dailySeries(
  days: readonly string[],
  daily: SalesFigures['daily'],
): Array<{ day: string } & PeriodTotal> {
  const byDay = new Map(daily.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? { day, revenueCents: 0, orders: 0 });
}

/**
 * Sales by sport: a card counts for the sport of its team (through the category documents);
 * mystery packs, lots and cards of no known team are their own rows. Largest first.
 */
export function salesBySport(
  byTeam: SalesFigures['byTeam'],
  sportOfTeam: (team: string) => string | null,
): Array<{ label: string; revenueCents: number; quantity: number }> {
  const rows = new Map<string, { label: string; revenueCents: number; quantity: number }>();
  for (const row of byTeam) {
    const sport = row.team ? sportOfTeam(row.team) : null;
    const label = row.productType && row.productType !== 'Card' ? row.productType : (sport ?? 'Χωρίς άθλημα');
    const found = rows.get(label) ?? { label, revenueCents: 0, quantity: 0 };
    found.revenueCents += row.revenueCents;
    found.quantity += row.quantity;
    rows.set(label, found);
  }
  return [...rows.values()].sort((a, b) => b.revenueCents - a.revenueCents || a.label.localeCompare(b.label));
}
