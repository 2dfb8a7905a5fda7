import { type RawBuilder, sql } from 'kysely';
import {
  type CustomerRow,
  type CustomerSort,
  customerFromRow,
  SALE_STATUSES,
} from '../../domain/customers/customer.ts';
import type { OrderPort } from '../../ports/commerce.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { foldedWords } from './folded-search.ts';
import { customerMatches, emailKey } from './order-search.ts';

type Dialect = ShopDatabase['dialect'];

/**
 * Customers from the orders (decision 086), aggregated by the database: the orders grouped by
 * email, ASCII letter case ignored (order-search.ts; on SQLite the index orders_by_customer covers
 * the grouping and the sums), the latest order joined back by its id for the name, phone and
 * date. One query per page and one count; the same SQL on both databases but for the email key
 * and the search.
 */
export function localCustomers({
  db,
  dialect,
}: ShopDatabase): Pick<OrderPort, 'listCustomers' | 'allCustomers'> {
  return {
    async listCustomers({ search, sort, page, pageSize }) {
      const words = foldedWords(search ?? '');
      const counted = await customerCountQuery(dialect, words).execute(db);
      const total = Number(counted.rows[0]?.n ?? 0);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const current = Math.min(Math.max(1, page), pageCount);
      const rows = await customerPageQuery(dialect, words, sort, {
        limit: pageSize,
        offset: (current - 1) * pageSize,
      }).execute(db);
      return { customers: rows.rows.map(customerFromRow), total, page: current, pageCount, pageSize };
    },

    async allCustomers() {
      return (await customerPageQuery(dialect, [], 'recent', null).execute(db)).rows.map(customerFromRow);
    },
  };
}

/**
 * One row per customer: the id of their latest order, how many orders, how many cancelled, and
 * the totals of those that count as sales. A search keeps the customers with every word in the
 * name, email or phone of one of their orders (any one, so an earlier name or phone finds them
 * too); the sums still count all their orders.
 */
function grouped(dialect: Dialect, words: readonly string[]): RawBuilder<unknown> {
  const sales = sql.join(SALE_STATUSES.map((status) => sql`${status}`));
  const matches = words.map(
    (word) => sql`max(CASE WHEN ${customerMatches(dialect, word)} THEN 1 ELSE 0 END) = 1`,
  );
  const having = matches.length === 0 ? sql`` : sql`HAVING ${sql.join(matches, sql` AND `)}`;
  return sql`SELECT max(id) AS last_id, count(*) AS order_count,
      sum(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) AS cancelled_count,
      sum(CASE WHEN status IN (${sales}) THEN total_cents ELSE 0 END) AS spent_cents
    FROM orders GROUP BY ${emailKey(dialect)} ${having}`;
}

const ORDER_BY: Record<CustomerSort, RawBuilder<unknown>> = {
  recent: sql`last_id DESC`,
  spent: sql`spent_cents DESC, last_id DESC`,
};

/** How many customers the search finds. */
export const customerCountQuery = (dialect: Dialect, words: readonly string[]) =>
  sql<{ n: number }>`SELECT count(*) AS n FROM (${grouped(dialect, words)}) AS customers`;

/**
 * A page of customers (every one when `page` is null): sorted and cut while still aggregates, so
 * only the page's latest orders are read back for their name, phone and date.
 */
export function customerPageQuery(
  dialect: Dialect,
  words: readonly string[],
  sort: CustomerSort,
  page: { limit: number; offset: number } | null,
) {
  const cut = page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  return sql<CustomerRow>`SELECT orders.email, orders.customer_name, orders.phone,
      orders.created_at AS last_order_at, customers.order_count, customers.cancelled_count,
      customers.spent_cents
    FROM (SELECT * FROM (${grouped(dialect, words)}) AS grouped ORDER BY ${ORDER_BY[sort]} ${cut}) AS customers
    JOIN orders ON orders.id = customers.last_id
    ORDER BY ${ORDER_BY[sort]}`;
}
