import { pageRange } from '../admin/lists.ts';
import { ORDER_STATUSES, type OrderStatus } from '../orders/order.ts';

/**
 * A shopper as the shop's orders know them (decision 086): one per email, whatever its letter case,
 * named and reached as in their latest order.
 */
export type CustomerSummary = {
  /** The email as typed in the latest order; the customer's key, compared without case. */
  email: string;
  /** The name and phone of the latest order. */
  name: string;
  phone: string;
  /** Every order with this email, cancelled ones included. */
  orderCount: number;
  cancelledCount: number;
  /** The totals of the orders that count as sales (SALE_STATUSES), in cents. */
  spentCents: number;
  /** When the latest order was placed (ISO 8601). */
  lastOrderAt: string;
};

export type CustomerList = {
  customers: CustomerSummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** The list's orders: latest order newest first (the default), or the most spent first. */
export const CUSTOMER_SORTS = ['recent', 'spent'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  recent: 'Πιο πρόσφατη παραγγελία',
  spent: 'Μεγαλύτερο σύνολο αγορών',
};

/** What the dashboard asks for; `search` finds any name, email or phone the customer ordered with. */
export type CustomerQuery = { search?: string; sort: CustomerSort; page: number; pageSize: number };

export const CUSTOMER_PAGE_SIZE = 20;

/**
 * The statuses whose order total counts as spent: every one but cancelled (decision 082's
 * statuses). A pending order counts, since its stock is taken; a cancellation gives it back.
 */
export const SALE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== 'cancelled',
);

export const countsAsSale = (status: OrderStatus) => SALE_STATUSES.includes(status);

/** One customer's aggregate as the database answers it (counts may come back as bigint). */
export type CustomerRow = {
  email: string;
  customer_name: string;
  phone: string;
  order_count: number | bigint;
  cancelled_count: number | bigint | null;
  spent_cents: number | bigint | null;
  last_order_at: string;
};

export function customerFromRow(row: CustomerRow): CustomerSummary {
  return {
    email: row.email,
    name: row.customer_name,
    phone: row.phone,
    orderCount: Number(row.order_count),
    cancelledCount: Number(row.cancelled_count ?? 0),
    spentCents: Number(row.spent_cents ?? 0),
    lastOrderAt: row.last_order_at,
  };
}

/** The query string of GET /api/admin/customers; an empty search is left out. */
export function customerListSearch(query: CustomerQuery): string {
  const params = new URLSearchParams();
  const search = query.search?.trim() ?? '';
  if (search) params.set('search', search);
  params.set('sort', query.sort);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `?${params.toString()}`;
}

/** 'Εμφάνιση 21 έως 40 από 57 πελάτες'. */
export function customerRangeText(page: number, pageSize: number, total: number): string {
  const { from, to } = pageRange(page, pageSize, total);
  return `Εμφάνιση ${from} έως ${to} από ${total} ${total === 1 ? 'πελάτη' : 'πελάτες'}`;
}

/** '3 παραγγελίες (1 ακυρωμένη)'. */
export function orderCountText(customer: Pick<CustomerSummary, 'orderCount' | 'cancelledCount'>): string {
  const orders = `${customer.orderCount} ${customer.orderCount === 1 ? 'παραγγελία' : 'παραγγελίες'}`;
  if (customer.cancelledCount === 0) return orders;
  return `${orders} (${customer.cancelledCount} ${customer.cancelledCount === 1 ? 'ακυρωμένη' : 'ακυρωμένες'})`;
}

export const CUSTOMER_MESSAGES = {
  empty: 'Δεν υπάρχουν πελάτες ακόμη.',
  noMatch: 'Δεν βρέθηκαν πελάτες.',
  sort: 'Άγνωστη ταξινόμηση πελατών.',
  pageSize: 'Το μέγεθος σελίδας πρέπει να είναι 10, 20 ή 50.',
  /** With a hosted checkout the orders, and so the customers, are the provider's (decision 086). */
  unavailable: (provider: string) =>
    `Οι πελάτες δεν εμφανίζονται εδώ: οι παραγγελίες γίνονται στο ${provider}, οπότε και οι πελάτες τους βρίσκονται στη διαχείριση του ${provider}.`,
} as const;
