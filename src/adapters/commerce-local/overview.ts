import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SalesFigures, SalesWindow, StockItem, StockWatch } from '../../domain/overview/figures.ts';
import type { OverviewPort } from '../../ports/overview.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { toGid } from '../sqlite/ids.ts';

/** Orders that count as sales: all but cancelled ones (decision 088). */
const SOLD = sql<SqlBool>`orders.status <> 'cancelled'`;

/**
 * The overview's figures on the embedded engine, SQLite or PostgreSQL: one SQL query each, on
 * indexes (SQLite's migration 022, PostgreSQL's 008). Only the day an order falls on is written
 * apart for each database.
 */
export function createLocalOverview(store: ShopDatabase): OverviewPort {
  const { db, dialect } = store;
  return {
    async salesFigures(window) {
      const [newOrders, totals, daily, bestSellers, byTeam] = await Promise.all([
        countNew(db),
        periodTotals(db, window),
        dailyTotals(db, window, dialect === 'sqlite' ? sqliteDay : postgresDay),
        bestSellersSince(db, window.periods.days30),
        salesByTeamSince(db, window.periods.days30),
      ]);
      return { newOrders, totals, daily, bestSellers, byTeam };
    },
    stockWatch: (threshold, limit) => stockWatch(db, threshold, limit),
  };
}

const iso = (at: Date) => at.toISOString();

async function countNew(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Today, this week and this month in one pass over the month's orders (by created_at). */
async function periodTotals(db: Kysely<DB>, { periods }: SalesWindow): Promise<SalesFigures['totals']> {
  const since = new Date(Math.min(periods.month.getTime(), periods.week.getTime()));
  const sums = (from: Date, name: string) => [
    sql<number>`COALESCE(SUM(CASE WHEN created_at >= ${iso(from)} THEN total_cents END), 0)`.as(
      `${name}_cents`,
    ),
    sql<number>`COUNT(CASE WHEN created_at >= ${iso(from)} THEN 1 END)`.as(`${name}_orders`),
  ];
  const row = await db
    .selectFrom('orders')
    .select([...sums(periods.today, 'today'), ...sums(periods.week, 'week'), ...sums(periods.month, 'month')])
    .where('created_at', '>=', iso(since))
    .where(SOLD)
    .executeTakeFirstOrThrow();
  const total = (name: 'today' | 'week' | 'month') => ({
    revenueCents: Number(row[`${name}_cents`]),
    orders: Number(row[`${name}_orders`]),
  });
  return { today: total('today'), week: total('week'), month: total('month') };
}

/** An order's Athens day, YYYY-MM-DD, from the window's spans of one UTC offset each. */
type DayOf = (spans: SalesWindow['spans']) => RawBuilder<string>;

/** SQLite has no time zones: its date() moves each timestamp by its span's offset, as a modifier. */
const sqliteDay: DayOf = (spans) => {
  const modifier = (minutes: number) => `${minutes >= 0 ? '+' : ''}${minutes} minutes`;
  const cases = spans.map(
    (span) => sql`WHEN created_at < ${iso(span.to)} THEN ${modifier(span.offsetMinutes)}`,
  );
  // Past the last span (an order placed while this runs) the last offset still holds.
  const last = spans.at(-1)?.offsetMinutes ?? 0;
  return sql<string>`date(created_at, CASE ${sql.join(cases, sql` `)} ELSE ${modifier(last)} END)`;
};

/**
 * PostgreSQL: the same spans, so both databases put an order on the same day whatever the
 * server's time zone data; the UTC time moved by the span's offset, then its date.
 */
const postgresDay: DayOf = (spans) => {
  const cases = spans.map(
    (span) => sql`WHEN created_at < ${iso(span.to)} THEN ${span.offsetMinutes}::integer`,
  );
  const last = spans.at(-1)?.offsetMinutes ?? 0;
  const minutes = sql`CASE ${sql.join(cases, sql` `)} ELSE ${last}::integer END`;
  return sql<string>`to_char((created_at AT TIME ZONE 'UTC') + make_interval(mins => ${minutes}), 'YYYY-MM-DD')`;
};

/** Revenue and orders per Athens day over the 90 days (the window's spans, computed in the domain). */
async function dailyTotals(
  db: Kysely<DB>,
  { periods, spans }: SalesWindow,
  dayOf: DayOf,
): Promise<SalesFigures['daily']> {
  const day = dayOf(spans);
  const rows = await db
    .selectFrom('orders')
    .select([
      day.as('day'),
      sql<number>`SUM(total_cents)`.as('revenue_cents'),
      sql<number>`COUNT(*)`.as('orders'),
    ])
    .where('created_at', '>=', iso(periods.days90))
    .where(SOLD)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    revenueCents: Number(row.revenue_cents),
    orders: Number(row.orders),
  }));
}

async function bestSellersSince(
  db: Kysely<DB>,
  since: Date,
  limit = 10,
): Promise<SalesFigures['bestSellers']> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.variant_id',
      sql<string>`MAX(order_lines.product_title)`.as('title'),
      sql<number>`SUM(order_lines.quantity)`.as('quantity'),
      sql<number>`SUM(order_lines.quantity * order_lines.unit_price_cents)`.as('revenue_cents'),
    ])
    .where('orders.created_at', '>=', iso(since))
    .where(SOLD)
    // A deleted product's lines (no variant) stay apart by their title.
    .groupBy([
      'order_lines.variant_id',
      sql`CASE WHEN order_lines.variant_id IS NULL THEN order_lines.product_title END`,
    ])
    .orderBy('quantity', 'desc')
    .orderBy('revenue_cents', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    variantId: row.variant_id === null ? null : toGid('ProductVariant', row.variant_id),
    title: row.title,
    quantity: Number(row.quantity),
    revenueCents: Number(row.revenue_cents),
  }));
}

/** Sales by the team tag (the first tag) and type of the product sold; deleted products have neither. */
async function salesByTeamSince(db: Kysely<DB>, since: Date): Promise<SalesFigures['byTeam']> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .leftJoin('variants', 'variants.id', 'order_lines.variant_id')
    .leftJoin('products', 'products.id', 'variants.product_id')
    .leftJoin('product_tags', (join) =>
      join.onRef('product_tags.product_id', '=', 'products.id').on('product_tags.position', '=', 0),
    )
    .select([
      'product_tags.tag as team',
      'products.product_type',
      sql<number>`SUM(order_lines.quantity * order_lines.unit_price_cents)`.as('revenue_cents'),
      sql<number>`SUM(order_lines.quantity)`.as('quantity'),
    ])
    .where('orders.created_at', '>=', iso(since))
    .where(SOLD)
    .groupBy(['product_tags.tag', 'products.product_type'])
    .execute();
  return rows.map((row) => ({
    team: row.team ?? null,
    productType: row.product_type ?? null,
    revenueCents: Number(row.revenue_cents),
    quantity: Number(row.quantity),
  }));
}

/** Sold-out and low-stock products: a query each, counted in full, `limit` rows read. */
async function stockWatch(db: Kysely<DB>, threshold: number, limit: number): Promise<StockWatch> {
  const [soldOut, low] = await Promise.all([
    stockList(db, sql<SqlBool>`SUM(inventory_levels.available) <= 0`, limit),
    stockList(db, sql<SqlBool>`SUM(inventory_levels.available) BETWEEN 1 AND ${threshold}`, limit),
  ]);
  return { soldOut, low };
}

/** Tracked products whose stock meets `condition`, newest first; the count is over all of them. */
async function stockList(db: Kysely<DB>, condition: RawBuilder<SqlBool>, limit: number) {
  const rows = await db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .innerJoin('inventory_items', 'inventory_items.variant_id', 'variants.id')
    .innerJoin('inventory_levels', 'inventory_levels.inventory_item_id', 'inventory_items.id')
    .select([
      'products.id as product_id',
      'variants.id as variant_id',
      'products.title',
      sql<number>`SUM(inventory_levels.available)`.as('available'),
      sql<number>`COUNT(*) OVER ()`.as('total'),
    ])
    .where('variants.position', '=', 0)
    .where('inventory_items.tracked', '=', 1)
    // products.id too: PostgreSQL asks that every column read from products be grouped by its key.
    .groupBy(['variants.id', 'products.id'])
    .having(condition)
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute();
  const items = rows.map(
    (row): StockItem => ({
      productId: toGid('Product', row.product_id),
      variantId: toGid('ProductVariant', row.variant_id),
      title: row.title,
      available: Number(row.available),
    }),
  );
  return { count: Number(rows[0]?.total ?? 0), items };
}
