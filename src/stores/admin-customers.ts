import { type CustomerList, type CustomerQuery, customerListSearch } from '../domain/customers/customer.ts';
import type { OrderList } from '../domain/orders/order.ts';
import { type ApiResult, callApi } from './api.ts';
import { sessionEnded } from './session.ts';

/**
 * The dashboard's customers (decision 086): typed calls to /api/admin/customers. As every admin
 * call, a 401/403 means the session has ended, and $session says so.
 */
async function admin<T>(path: string): Promise<ApiResult<T>> {
  const result = await callApi<T>('GET', path);
  if (!result.ok && result.error.kind === 'unauthorized') sessionEnded();
  return result;
}

export const listCustomers = (query: CustomerQuery) =>
  admin<CustomerList>(`/api/admin/customers${customerListSearch(query)}`);

/** One customer's orders, newest first, 20 a page. */
export const listCustomerOrders = (email: string, page: number) =>
  admin<OrderList>(
    `/api/admin/customers/orders?${new URLSearchParams({ email, page: String(page) }).toString()}`,
  );

/** Every customer as CSV: a plain link, so the browser downloads it with the session cookie. */
export const CUSTOMERS_CSV_PATH = '/api/admin/customers/export';
