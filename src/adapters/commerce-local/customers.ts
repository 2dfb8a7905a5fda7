import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  type CustomerRow,
  type CustomerSort,
  customerFromRow,
  SALE_STATUSES,
} from '../../domain/customers/customer.ts';
import type { OrderPort } from '../../ports/commerce.ts';
import type { DB } from '../database/schema.ts';
import { foldedContains, foldedWords } from './folded-search.ts';

/** The columns a customer search looks in, in each of their orders. */
const SEARCHED = ['customer_name', 'email', 'phone'];

/**
 * Customers from the orders (decision 086), aggregated by SQLite: the orders grouped by email
 * (COLLATE NOCASE; the index orders_by_customer covers the grouping and the sums), the latest
 * order joined back by its id for the name, phone and date. One query per page and one count.
 */
export function localCustomers(db: Kysely<DB>): Pick<OrderPort, 'listCustomers' | 'allCustomers'> {
  return {
    async listCustomers({ search, sort, page, pageSize }) {
      const words = foldedWords(search ?? '');
      const counted = await customerCountQuery(words).execute(db);
      const total = Number(counted.rows[0]?.n ?? 0);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const current = Math.min(Math.max(1, page), pageCount);
      const rows = await customerPageQuery(words, sort, {
        limit: pageSize,
        offset: (current - 1) * pageSize,
      }).execute(db);
      return { customers: rows.rows.map(customerFromRow), total, page: current, pageCount, pageSize };
    },

    async allCustomers() {
      return (await customerPageQuery([], 'recent', null).execute(db)).rows.map(customerFromRow);
    },
  };
}

/**
 * One row per customer: the id of their latest order, how many orders, how many cancelled, and
 * the totals of those that count as sales. A search keeps the customers with every word in the
 * name, email or phone of one of their orders (any one, so an earlier name or phone finds them
 * too); the sums still count all their orders.
 */
function grouped(words: readonly string[]): RawBuilder<unknown> {
  const sales = sql.join(SALE_STATUSES.map((status) => sql`${status}`));
  const matches = words.map(
    (word) =>
      sql`max(${sql.join(
        SEARCHED.map((column) => foldedContains(column, word)),
        sql` OR `,
      )})`,
  );
  const having = matches.length === 0 ? sql`` : sql`HAVING ${sql.join(matches, sql` AND `)}`;
  return sql`SELECT max(id) AS last_id, count(*) AS order_count,
      sum(status = 'cancelled') AS cancelled_count,
      sum(CASE WHEN status IN (${sales}) THEN total_cents ELSE 0 END) AS spent_cents
    FROM orders GROUP BY email COLLATE NOCASE ${having}`;
}

const ORDER_BY: Record<CustomerSort, RawBuilder<unknown>> = {
  recent: sql`last_id DESC`,
  spent: sql`spent_cents DESC, last_id DESC`,
};

/** How many customers the search finds. */
export const customerCountQuery = (words: readonly string[]) =>
  sql<{ n: number }>`SELECT count(*) AS n FROM (${grouped(words)})`;

/**
 * A page of customers (every one when `page` is null): sorted and cut while still aggregates, so
 * only the page's latest orders are read back for their name, phone and date.
 */
export function customerPageQuery(
  words: readonly string[],
  sort: CustomerSort,
  page: { limit: number; offset: number } | null,
) {
  const cut = page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  return sql<CustomerRow>`SELECT orders.email, orders.customer_name, orders.phone,
      orders.created_at AS last_order_at, customers.order_count, customers.cancelled_count,
      customers.spent_cents
    FROM (SELECT * FROM (${grouped(words)}) ORDER BY ${ORDER_BY[sort]} ${cut}) AS customers
    JOIN orders ON orders.id = customers.last_id
    ORDER BY ${ORDER_BY[sort]}`;
}
