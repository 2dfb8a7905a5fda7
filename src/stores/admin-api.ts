import type { PasswordChange } from '../domain/admin/account-form.ts';
import { type AllProductsQuery, allProductsSearch } from '../domain/admin/all-products.ts';
import type { BulkAnswer, BulkRequest } from '../domain/admin/bulk-actions.ts';
import { orderListSearch, type ProductListQuery, productListSearch } from '../domain/admin/lists.ts';
import type { SessionInfo, SignInRecord } from '../domain/auth/sign-in.ts';
import type { CardFacts } from '../domain/card-facts/facts.ts';
import type { Category } from '../domain/catalog/category.ts';
import type { ProductKind } from '../domain/catalog/product-kind.ts';
import type { Sport } from '../domain/catalog/sports.ts';
import type { TestMailResult } from '../domain/mail/test-mail.ts';
import type { HostedOrderPage, Order, OrderList, OrderStatus } from '../domain/orders/order.ts';
import type { StorefrontState } from '../domain/rebuild/build-record.ts';
import type { ShopSettings } from '../domain/settings/shop-settings.ts';
import { type ApiResult, callApi } from './api.ts';
import { sessionEnded } from './session.ts';

/**
 * Typed calls to the admin endpoints for the dashboard's islands. The middleware checks the session
 * on every one; when it answers 401/403 the session has ended, and $session says so, so the
 * protected route sends the admin back to the login page.
 */

/**
 * What GET /api/admin/products gives per product: the same shape as the server's toAdminProduct
 * (src/server/catalog/admin-products.ts), restated here because islands may not import server code.
 * tests/domain/admin/lists.test.ts checks at type level that the two stay equal.
 */
export type AdminProduct = {
  id: string;
  variantId: string;
  title: string;
  team: string;
  tags: string[];
  productType: string;
  kind: ProductKind;
  priceCents: number | null;
  compareAtCents: number | null;
  quantity: number | null;
  descriptionHtml: string;
  images: Array<{ id: string; url: string }>;
  facts: CardFacts;
};

export type AdminProductPage = {
  products: AdminProduct[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Shoppers waiting for a listed product to come back, by product id; none listed means 0. */
  waiting?: Record<string, number>;
};

/**
 * A row of the list of every product: the form's product with its team's sport; the same shape as
 * the server's toAdminListProduct (src/server/catalog/admin-list.ts), checked at type level in
 * tests/domain/admin/all-products.test.ts.
 */
export type AdminListProduct = Flat<AdminProduct & { sport: Sport | null }>;

/** An intersection written out as one object type (so it compares equal to the server's). */
type Flat<T> = { [Key in keyof T]: T[Key] };

export type AdminListPage = Omit<AdminProductPage, 'products'> & {
  products: AdminListProduct[];
  waiting: Record<string, number>;
  /** The shop's low-stock threshold: a row with 1 to this many in stock is low. */
  lowStockThreshold: number;
};

/**
 * GET /api/admin/stock-alerts: shoppers waiting for cards to come back (decision 087), over all and
 * for the most wanted cards, for the overview. The same shape as the server's StockAlertOverview.
 */
export type StockAlertOverview = {
  waiting: number;
  products: Array<{ productId: string; title: string; path: string; waiting: number }>;
};

async function admin<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  const result = await callApi<T>(method, path, body);
  if (!result.ok && result.error.kind === 'unauthorized') sessionEnded();
  return result;
}

const productPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;
const orderPath = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`;

export const listProducts = (query: ProductListQuery) =>
  admin<AdminProductPage>('GET', `/api/admin/products${productListSearch(query)}`);

export const listAllProducts = (query: AllProductsQuery) =>
  admin<AdminListPage>('GET', `/api/admin/products${allProductsSearch(query)}`);

/** A bulk action on the selected products (at most 100), answered product by product. */
export const bulkProducts = (request: BulkRequest) =>
  admin<BulkAnswer>('POST', '/api/admin/products/bulk', request);

export const getProduct = (id: string) => admin<{ product: AdminProduct }>('GET', productPath(id));

export const deleteProduct = (id: string) => admin<{ message: string }>('DELETE', productPath(id));

export const stockAlertOverview = (top?: number) =>
  admin<StockAlertOverview>('GET', `/api/admin/stock-alerts${top ? `?top=${top}` : ''}`);

export const listCategories = () => admin<{ categories: Category[] }>('GET', '/api/admin/categories');

export const listOrders = (status: OrderStatus | 'all', page: number, search = '') =>
  admin<OrderList>('GET', `/api/admin/orders${orderListSearch(status, page, search)}`);

export const orderCounts = () =>
  admin<{ counts: Record<OrderStatus, number> }>('GET', '/api/admin/orders/counts');

/** Orders a hosted checkout took (Shopify), newest first; `after` is the previous page's nextCursor. */
export const listHostedOrders = (after: string | null) =>
  admin<HostedOrderPage & { provider: string }>(
    'GET',
    `/api/admin/hosted-orders${after ? `?after=${encodeURIComponent(after)}` : ''}`,
  );

export const getOrder = (id: string) => admin<{ order: Order; others: Order[] }>('GET', orderPath(id));

/** A move of the order's lifecycle: the parcel when it ships, the reason when it is cancelled. */
export const setOrderStatus = (
  id: string,
  change: { status: Exclude<OrderStatus, 'pending'>; shipment?: ShipmentInput; reason?: string },
) => admin<{ order: Order }>('PATCH', orderPath(id), change);

export const undoOrderStatus = (id: string) => admin<{ order: Order }>('POST', `${orderPath(id)}/undo`);

/** A shipment as the form sends it: a known courier's id and parcel number, or another by name. */
export type ShipmentInput = { carrier: string; trackingNumber: string; carrierName?: string };

export const storefrontState = () => admin<StorefrontState>('GET', '/api/admin/storefront');

/** "Rebuild now": the server marks the storefront stale and answers with the new state. */
export const rebuildStorefront = () => admin<StorefrontState>('POST', '/api/admin/storefront');

// The admin's own account (sessions, sign-ins, password) -------------------------------------

export type AccountOverview = {
  user: { id: string; email: string };
  sessions: SessionInfo[];
  signIns: SignInRecord[];
};

export const loadAccount = () => admin<AccountOverview>('GET', '/api/admin/account');

export const changePassword = (form: PasswordChange) =>
  admin<{ ok: true; message: string }>('POST', '/api/admin/account/password', form);

export const endSession = (id: string) =>
  admin<{ ok: true; message: string }>('DELETE', `/api/admin/account/sessions/${encodeURIComponent(id)}`);

export const endOtherSessions = () =>
  admin<{ ended: number; message: string }>('DELETE', '/api/admin/account/sessions');

// The shop's settings and its mail ---------------------------------------------------------

export const getSettings = () => admin<{ settings: ShopSettings }>('GET', '/api/admin/settings');

export const saveSettings = (settings: ShopSettings) =>
  admin<{ settings: ShopSettings }>('PUT', '/api/admin/settings', { settings });

export const sendTestMail = () => admin<TestMailResult>('POST', '/api/admin/outbox/test');
