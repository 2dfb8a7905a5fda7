import type { Cart, CartLineInput } from '../domain/cart/cart.ts';
import type { Product, ProductInput, ProductSummary } from '../domain/catalog/product.ts';
import type { CatalogPage, CatalogQuery } from '../domain/catalog/query.ts';
import type { ImportItem, ImportResult } from '../domain/catalog-csv/import-job.ts';
import type { CustomerList, CustomerQuery, CustomerSummary } from '../domain/customers/customer.ts';
import type { OutgoingMail } from '../domain/mail/outgoing-mail.ts';
import type { Shipment } from '../domain/orders/carriers.ts';
import type {
  Customer,
  Delivery,
  HostedOrderPage,
  Order,
  OrderEvent,
  OrderList,
  OrderStatus,
  PaymentMethod,
} from '../domain/orders/order.ts';
import type { CheckoutTerms } from '../domain/settings/checkout-terms.ts';

/** The catalogue, carts and orders of a commerce backend: the embedded engine, or Shopify. */

export type SaveResult = { product: Product; warnings: string[] };

export interface CommercePort {
  /** One page of the catalogue, filtered and sorted by the database. */
  searchProducts(query: CatalogQuery): Promise<CatalogPage>;
  /** The whole catalogue in one read, newest first (the CSV export and import). */
  listProducts(): Promise<Product[]>;
  /**
   * The whole catalogue without descriptions, newest first: a storefront build's one read (no
   * pre-rendered page shows a description, and at 100k products they are most of the read).
   */
  listProductSummaries(): Promise<ProductSummary[]>;
  /** The `limit` products with the highest numeric id, newest first. */
  recentProducts(limit: number): Promise<Product[]>;
  /** A product by product id or variant id; null when unknown. */
  getProduct(id: string): Promise<Product | null>;
  createProduct(input: ProductInput): Promise<SaveResult>;
  updateProduct(id: string, input: ProductInput): Promise<SaveResult>;
  deleteProduct(id: string): Promise<void>;
  /** A number that grows on every catalogue change. */
  version(): Promise<number>;
  /**
   * Applies a checked CSV import (decision 053): every item creates (id null) or replaces a
   * product. The embedded engine does all of them in one transaction (all or nothing); Shopify in
   * batches, reporting progress, where a failure stops and re-running the same file resumes (done
   * rows match and are skipped). `onProgress` gets the count done so far.
   */
  importProducts(items: readonly ImportItem[], onProgress: (done: number) => void): Promise<ImportResult>;
}

export type PlaceOrderInput = {
  cartId: string;
  /** The same key twice gives the same order, so a double submit never makes two. */
  idempotencyKey: string;
  customer: Customer;
  delivery: Delivery;
  payment: PaymentMethod;
  notes: string;
  /** The courier fee and from which subtotal it is free (the shop's settings); pickup is free. */
  shipping: Pick<CheckoutTerms, 'courierFeeCents' | 'freeShippingFromCents'>;
  /**
   * The mails a new order sends (the shopper's confirmation, the owner's notice). They are queued
   * in the same transaction as the order: both are there after a crash, or neither.
   */
  mails?: (order: Order) => OutgoingMail[];
};

export interface CartPort {
  /** The open cart, with quantities brought back within stock (reported in `notices`); null when none. */
  getCart(cartId: string): Promise<Cart | null>;
  /**
   * Adds lines, creating the cart when `cartId` is null or no longer open. With `newCart: false`
   * it refuses instead: AppError('not_found') with `fields.cart === 'missing'`.
   */
  addCartLines(cartId: string | null, lines: CartLineInput[], options?: { newCart?: boolean }): Promise<Cart>;
  updateCartLine(cartId: string, lineId: string, quantity: number): Promise<Cart>;
  removeCartLines(cartId: string, lineIds: string[]): Promise<Cart>;
  /** Deletes carts untouched for `days` days; returns how many. */
  purgeCarts(days: number): Promise<number>;
}

export interface OrderPort {
  /**
   * One transaction: re-checks price and stock, takes the stock, writes the order, queues its
   * mails, closes the cart.
   */
  placeOrder(input: PlaceOrderInput): Promise<{ order: Order; created: boolean }>;
  getOrderByToken(accessToken: string): Promise<Order | null>;
  /**
   * Newest first; `search` finds the number, the shopper's name, email or phone (case and accents
   * ignored). The list counts every status, for the dashboard's filter and its new-orders badge.
   */
  listOrders(query: OrderQuery): Promise<OrderList>;
  getOrder(id: string): Promise<Order | null>;
  /** Orders in each status: the dashboard's new-orders badge. */
  orderCounts(): Promise<Record<OrderStatus, number>>;
  /** Every order of one email, newest first (at most 50): the shopper's other orders. */
  customerOrders(email: string): Promise<Order[]>;
  /**
   * One page of the shop's customers, built from the orders (decision 086): one per email, case
   * ignored, with the latest order's name and phone, how many orders, what they spent (orders that
   * count as sales: not cancelled) and when they last ordered. `search` finds any name, email or
   * phone of their orders (case and accents ignored).
   */
  listCustomers(query: CustomerQuery): Promise<CustomerList>;
  /** Every customer, latest order newest first: the CSV export. */
  allCustomers(): Promise<CustomerSummary[]>;
  /**
   * Moves an order to its next status or cancels it (lifecycle.ts), in one transaction with its
   * event and the mail that tells the shopper (`mail`, given the moved order); cancelling puts the
   * stock back. A move the lifecycle does not allow is AppError('conflict').
   */
  setOrderStatus(
    id: string,
    change: StatusChange,
    mail?: (order: Order) => OutgoingMail | null,
  ): Promise<Order>;
  /**
   * Undoes the last move, if the lifecycle allows it (never a cancellation): its mail is withdrawn
   * while it waits in the outbox, and once sent, `correction` tells the shopper; in one transaction.
   */
  undoStatus(id: string, correction: (order: Order, undone: OrderEvent) => OutgoingMail): Promise<Order>;
}

/** A move of an order: its new status, the parcel when it ships, the reason when it is cancelled. */
export type StatusChange = { status: OrderStatus; shipment?: Shipment; reason?: string };

/** `email` keeps one customer's orders: that email exactly, letter case ignored. */
export type OrderQuery = {
  status?: OrderStatus;
  search?: string;
  email?: string;
  page: number;
  pageSize: number;
};

export interface HostedOrdersPort {
  /** Who takes the orders, for the dashboard's wording. */
  readonly provider: string;
  /** Newest first, `pageSize` at a time; `after` is the previous page's nextCursor. */
  listOrders(query: { after: string | null; pageSize: number }): Promise<HostedOrderPage>;
}
