import type { CatalogSort } from '../catalog/query.ts';
import type { OrderStatus } from '../orders/order.ts';

/**
 * The dashboard's lists (products and orders): page sizes, sort labels, the
 * 'Εμφάνιση X έως Y από Z προϊόντα' text and page math. Pure, so it is tested without a browser.
 */

/** The admin list's page sizes (spec section 9); the server's list endpoint accepts exactly these. */
export const LIST_PAGE_SIZES = [10, 20, 50] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: ListPageSize = 10;

export const LIST_SORTS: ReadonlyArray<{ value: CatalogSort; label: string }> = [
  { value: 'newest', label: 'Νεότερα' },
  { value: 'oldest', label: 'Παλαιότερα' },
  { value: 'name', label: 'Όνομα (Α-Ω)' },
  { value: 'price-desc', label: 'Τιμή: υψηλή προς χαμηλή' },
  { value: 'price-asc', label: 'Τιμή: χαμηλή προς υψηλή' },
];

export function isPageSize(value: number): value is ListPageSize {
  return (LIST_PAGE_SIZES as readonly number[]).includes(value);
}

export function isListSort(value: string): value is CatalogSort {
  return LIST_SORTS.some((sort) => sort.value === value);
}

/** What the product list asks the server for. */
export type ProductListQuery = {
  sport: string;
  search: string;
  sort: CatalogSort;
  page: number;
  pageSize: ListPageSize;
};

/** The query string of GET /api/admin/products; an empty search is left out. */
export function productListSearch(query: ProductListQuery): string {
  const params = new URLSearchParams({ sport: query.sport });
  const search = query.search.trim();
  if (search) params.set('search', search);
  params.set('sort', query.sort);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `?${params.toString()}`;
}

/** Pages needed for `total` items; at least 1, so 'page 1 of 1' also holds for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** A page number brought inside 1..pageCount (after a delete empties the last page, for one). */
export function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, count));
}

/** The 1-based positions of the first and last item on a page; 0 and 0 when there is nothing. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/** 'Εμφάνιση 11 έως 20 από 57 προϊόντα' (spec section 2). */
export function rangeText(page: number, pageSize: number, total: number): string {
  const { from, to } = pageRange(page, pageSize, total);
  return `Εμφάνιση ${from} έως ${to} από ${total} προϊόντα`;
}

export function hasPrevious(page: number): boolean {
  return page > 1;
}

export function hasNext(page: number, count: number): boolean {
  return page < count;
}

// Orders -------------------------------------------------------------------------------------------

export const CANCEL_ORDER_CONFIRM = 'Η ακύρωση επιστρέφει τα τεμάχια στο απόθεμα. Συνέχεια;';

/** The query string of GET /api/admin/orders; 'all' leaves the status out, an empty search too. */
export function orderListSearch(status: OrderStatus | 'all', page: number, search = ''): string {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (search.trim() !== '') params.set('search', search.trim());
  params.set('page', String(page));
  return `?${params.toString()}`;
}

// Dates --------------------------------------------------------------------------------------------

const dateTime = new Intl.DateTimeFormat('el-GR', { dateStyle: 'short', timeStyle: 'short' });

/** '3/5/25, 2:07 μ.μ.' in the browser's time zone; an unreadable date is shown as given. */
export function formatDateTime(iso: string, format: Intl.DateTimeFormat = dateTime): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : format.format(time);
}

// Errors -------------------------------------------------------------------------------------------

/** The error boundary's sentence (spec section 2), without a doubled full stop when the message has one. */
export function dashboardErrorText(message: string): string {
  const text = message.trim().replace(/\.+$/, '') || 'Άγνωστο σφάλμα';
  return `Σφάλμα: ${text}. Παρακαλώ δοκιμάστε ξανά ή επικοινωνήστε με την υποστήριξη.`;
}
