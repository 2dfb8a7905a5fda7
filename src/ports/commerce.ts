import { z } from 'zod';
import { EMPTY_FACTS } from '../domain/card-facts/facts.ts';
import type { FactFilter } from '../domain/card-facts/filter.ts';
import { cardFactsSchema } from '../domain/card-facts/schema.ts';
import { HANDLE_MAX, HANDLE_PATTERN } from '../domain/catalog/handle.ts';
import { AppError, isAppError } from './errors.ts';
import type { OutgoingMail } from './mail.ts';

/** A stored product image, ordered by position. */
export const productImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * The catalogue product, reshaped at the adapter edge (no edges/node, no priceV2).
 * Money is integer cents in EUR; `available` is null when stock is not tracked.
 */
export const productSchema = z.object({
  id: z.string(),
  /** Unique URL-friendly name (Shopify's handle); the CSV import matches products by it. */
  handle: z.string(),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  tags: z.array(z.string()),
  productType: z.string(),
  images: z.array(productImageSchema),
  variantId: z.string(),
  inventoryItemId: z.string(),
  priceCents: z.number().int().nonnegative().nullable(),
  available: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Card facts (decision 050); EMPTY_FACTS when the product has none. */
  facts: cardFactsSchema,
});
export type Product = z.infer<typeof productSchema>;

/** A product as listings show it: everything but its description. */
export type ProductSummary = Omit<Product, 'description' | 'descriptionHtml'>;

/** What the admin (and the seed) hands over to create or replace a product. */
export const productInputSchema = z.object({
  title: z.string().trim().min(1).max(250),
  descriptionHtml: z.string().max(20_000).default(''),
  tags: z.array(z.string().trim().min(1).max(120)).max(20).default([]),
  productType: z.string().trim().max(60).default(''),
  priceCents: z.number().int().nonnegative().max(100_000_000),
  quantity: z.number().int().min(0).max(1_000_000),
  /** Media ids from the media port, in display order. */
  mediaIds: z.array(z.string()).max(10).default([]),
  /**
   * The handle to give the product; left out, a new product gets one from its title and an
   * existing one keeps its own. A handle another product has is a conflict.
   */
  handle: z
    .string()
    .trim()
    .max(HANDLE_MAX)
    .regex(HANDLE_PATTERN, {
      error: 'Το handle επιτρέπει μόνο γράμματα, αριθμούς και παύλες (π.χ. lebron-james-prizm).',
    })
    .optional(),
  /** Card facts; left out, the product has none. */
  facts: cardFactsSchema.default(EMPTY_FACTS),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ValidProductInput = z.output<typeof productInputSchema>;

/** Every adapter's first step: bad input is the caller's mistake, an AppError('invalid') naming the fields. */
export function parseProductInput(input: ProductInput): ValidProductInput {
  const result = productInputSchema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('invalid', 'Μη έγκυρα στοιχεία προϊόντος.', fields);
}

export type SaveResult = { product: Product; warnings: string[] };

// Catalogue queries ----------------------------------------------------------------------------

export const CATALOG_SORTS = ['newest', 'oldest', 'name', 'price-asc', 'price-desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Filters, sort and page for the singles browser, search and the admin list; all run on the server. */
export type CatalogQuery = {
  /** Every word must appear in the title, a team tag or the description (case and accents ignored). */
  search?: string;
  /** Any of these team tags (case and accents ignored). */
  teams?: readonly string[];
  /** The title must contain this text (a player's name). */
  titleContains?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  productType?: string;
  tag?: string;
  /** Only products with one of these exact titles (the LOT list). */
  titles?: readonly string[];
  /** Card facts: year range, maker and set, RC, autograph, patch, numbering, grade, condition. */
  facts?: FactFilter;
  sort: CatalogSort;
  page: number;
  pageSize: number;
};

export type CatalogPage = {
  products: Product[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

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

export type ImportItem = { id: string | null; input: ProductInput };
export type ImportResult = { created: number; updated: number };

/** A catalogue import as the dashboard's progress bar polls it: queued, running, then done or failed. */
export type ImportJob = {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  result: ImportResult | null;
  error: string | null;
};

// Carts ------------------------------------------------------------------------------------

export const cartLineInputSchema = z.object({
  merchandiseId: z.string().min(1).max(200),
  quantity: z.number().int().min(1).max(1000),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** Whether an error says the cart named in the request is not open (addCartLines with newCart: false). */
export const isMissingCart = (error: unknown) =>
  isAppError(error) && error.kind === 'not_found' && error.fields.cart === 'missing';

export type CartLine = {
  id: string;
  quantity: number;
  merchandise: {
    /** The variant id. */
    id: string;
    productId: string;
    title: string;
    image: string | null;
    priceCents: number;
    /** Stock now; null when not tracked. */
    available: number | null;
  };
};

/** Something the shop changed in a cart since the shopper last saw it, told in Greek. */
export type CartNotice = { lineId: string; kind: 'reduced' | 'sold_out'; message: string };

export type Cart = {
  id: string;
  checkoutUrl: string;
  lines: CartLine[];
  totalQuantity: number;
  subtotalCents: number;
  notices: CartNotice[];
};

// Orders -----------------------------------------------------------------------------------

export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'cancelled';
export type PaymentMethod = 'bank_transfer' | 'cash_on_delivery';
export type Delivery =
  | { method: 'courier'; street: string; city: string; postalCode: string; region: string }
  | { method: 'pickup' };
export type Customer = { name: string; email: string; phone: string };

export type PlaceOrderInput = {
  cartId: string;
  /** The same key twice gives the same order, so a double submit never makes two. */
  idempotencyKey: string;
  customer: Customer;
  delivery: Delivery;
  payment: PaymentMethod;
  notes: string;
  shippingCents: number;
  /**
   * The mails a new order sends (the shopper's confirmation, the owner's notice). They are queued
   * in the same transaction as the order: both are there after a crash, or neither.
   */
  mails?: (order: Order) => OutgoingMail[];
};

export type OrderLine = { variantId: string | null; title: string; unitPriceCents: number; quantity: number };

export type Order = {
  id: string;
  number: string;
  /** Secret for the confirmation page link; never guessable from the number. */
  accessToken: string;
  status: OrderStatus;
  customer: Customer;
  delivery: Delivery;
  payment: PaymentMethod;
  notes: string;
  lines: OrderLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  createdAt: string;
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

export type OrderList = { orders: Order[]; total: number; page: number; pageCount: number; pageSize: number };

/** Which status an order may move to from each status; cancelling puts the stock back. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'shipped', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: [],
  cancelled: [],
};

export interface OrderPort {
  /**
   * One transaction: re-checks price and stock, takes the stock, writes the order, queues its
   * mails, closes the cart.
   */
  placeOrder(input: PlaceOrderInput): Promise<{ order: Order; created: boolean }>;
  getOrderByToken(accessToken: string): Promise<Order | null>;
  /** Newest first. */
  listOrders(query: { status?: OrderStatus; page: number; pageSize: number }): Promise<OrderList>;
  getOrder(id: string): Promise<Order | null>;
  /** Moves an order along ORDER_TRANSITIONS; cancelling restocks every line in the same transaction. */
  setOrderStatus(id: string, status: OrderStatus): Promise<Order>;
}

// Orders taken by a hosted checkout --------------------------------------------------------------

/**
 * An order a hosted checkout took (Shopify): the dashboard lists them read-only and links to the
 * provider's admin, where they are handled. The embedded engine's orders are `Order`s instead.
 */
export type HostedOrder = {
  id: string;
  /** The provider's order name, for example #1001. */
  number: string;
  createdAt: string;
  customerName: string | null;
  email: string | null;
  totalCents: number | null;
  /** The provider's own words for the payment and fulfilment state (PAID, UNFULFILLED, ...). */
  financialStatus: string;
  fulfillmentStatus: string;
  cancelled: boolean;
  /** The order in the provider's admin. */
  adminUrl: string;
};

export type HostedOrderPage = { orders: HostedOrder[]; nextCursor: string | null };

export interface HostedOrdersPort {
  /** Who takes the orders, for the dashboard's wording. */
  readonly provider: string;
  /** Newest first, `pageSize` at a time; `after` is the previous page's nextCursor. */
  listOrders(query: { after: string | null; pageSize: number }): Promise<HostedOrderPage>;
}
