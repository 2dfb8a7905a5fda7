// Orders the shop takes (the embedded engine's) and orders a hosted checkout took (Shopify's).
import type { MailStatus } from '../mail/outgoing-mail.ts';
import type { Shipment } from './carriers.ts';

/** An order's statuses; which follow which is ./lifecycle.ts's say (decision 082). */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'shipped',
  'ready_for_pickup',
  'collected',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentMethod = 'bank_transfer' | 'cash_on_delivery';
export type Delivery =
  | { method: 'courier'; street: string; city: string; postalCode: string; region: string }
  | { method: 'pickup' };
export type Customer = { name: string; email: string; phone: string };

export type OrderLine = { variantId: string | null; title: string; unitPriceCents: number; quantity: number };

/** One step of an order's history: placed (pending), or a later move, and what the shopper was told. */
export type OrderEvent = {
  id: number;
  status: OrderStatus;
  at: string;
  /** A move to shipped: the parcel. */
  shipment: Shipment | null;
  /** A cancellation: the reason the owner gave, or ''. */
  reason: string;
  /** The mail that told the shopper (the confirmation, for the first event), while the outbox has it. */
  mail: { id: number; status: MailStatus } | null;
  /** When the move was undone; an undone move stays in the history. */
  undoneAt: string | null;
};

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
  /** Oldest first; the first event is the order being placed. */
  history: OrderEvent[];
  /** The parcel of the move to shipped, when the order has shipped. */
  shipment: Shipment | null;
};

export type OrderList = {
  orders: Order[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Orders in each status, whatever the filter: the filter's counts and the new-orders badge. */
  counts: Record<OrderStatus, number>;
};

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
