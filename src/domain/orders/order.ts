// Orders the shop takes (the embedded engine's) and orders a hosted checkout took (Shopify's).

export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'cancelled';
export type PaymentMethod = 'bank_transfer' | 'cash_on_delivery';
export type Delivery =
  | { method: 'courier'; street: string; city: string; postalCode: string; region: string }
  | { method: 'pickup' };
export type Customer = { name: string; email: string; phone: string };

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

export type OrderList = { orders: Order[]; total: number; page: number; pageCount: number; pageSize: number };

/** Which status an order may move to from each status; cancelling puts the stock back. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'shipped', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: [],
  cancelled: [],
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
