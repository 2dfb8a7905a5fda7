import { z } from 'zod';
import { isPageSize } from '../../domain/admin/lists.ts';
import { customersToCsv } from '../../domain/customers/csv.ts';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORTS,
  type CustomerList,
} from '../../domain/customers/customer.ts';
import { AppError } from '../../domain/errors.ts';
import type { OrderList } from '../../domain/orders/order.ts';
import type { OrderPort } from '../../ports/commerce.ts';
import type { Container } from '../container.ts';

/** GET /api/admin/customers: what does not parse is a Greek 400, never a silent default. */
export const customerListSchema = z.object({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: CUSTOMER_MESSAGES.sort }).default('recent'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine(isPageSize, { error: CUSTOMER_MESSAGES.pageSize })
    .default(CUSTOMER_PAGE_SIZE),
});

/** GET /api/admin/customers/orders: one customer's orders, by their email. */
export const customerOrdersSchema = z.object({
  email: z.string().trim().min(1).max(254),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/**
 * The orders port whose orders are the shop's own. With a hosted checkout (Shopify) the orders,
 * and so the customers, are the provider's: 503 with a note saying where to find them.
 */
function shopOrders(container: Container): OrderPort {
  if (container.hostedOrders)
    throw new AppError('unavailable', CUSTOMER_MESSAGES.unavailable(container.hostedOrders.provider));
  return container.orders;
}

export function listCustomers(
  container: Container,
  params: z.infer<typeof customerListSchema>,
): Promise<CustomerList> {
  return shopOrders(container).listCustomers({
    ...(params.search ? { search: params.search } : {}),
    sort: params.sort,
    page: params.page,
    pageSize: params.pageSize,
  });
}

/** One customer's orders, newest first, paged as the orders section pages them. */
export function customerOrders(
  container: Container,
  params: z.infer<typeof customerOrdersSchema>,
): Promise<OrderList> {
  return shopOrders(container).listOrders({ email: params.email, page: params.page, pageSize: 20 });
}

/** Every customer as CSV (decision 086), latest order first. */
export async function exportCustomers(container: Container): Promise<string> {
  return customersToCsv(await shopOrders(container).allCustomers());
}
