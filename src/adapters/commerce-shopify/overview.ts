import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';
import type { StockItem, StockWatch } from '../../domain/overview/figures.ts';
import {
  type OrderFacts,
  type OrderLineFacts,
  salesFromOrders,
} from '../../domain/overview/order-figures.ts';
import type { OverviewPort } from '../../ports/overview.ts';
import type { ShopifyClient } from './client.ts';
import {
  ADMIN_OVERVIEW_ORDER_COUNTS,
  ADMIN_OVERVIEW_ORDER_LINES,
  ADMIN_OVERVIEW_ORDERS,
  ADMIN_OVERVIEW_ORDERS_WITH_LINES,
  ADMIN_OVERVIEW_STOCK,
} from './documents/admin.ts';
import { moneyToCents, pageInfoSchema, parseWire } from './reshape.ts';

/**
 * The overview's figures from Shopify's orders and catalogue (decision 091). Shopify hands over
 * orders, not sums: the orders of the 90 days are read page by page (the last 30 days with their
 * lines) and summed in the domain by the engine's rules (src/domain/overview/order-figures.ts).
 * The read is bounded: the orders are counted first, and an overview that would take more than
 * `maxRequests` requests stops with a clear error instead of draining the shop's API budget.
 */
export type ShopifyOverviewOptions = {
  /** Requests one overview may send for its sales, the counts included. */
  maxRequests?: number;
  /** Page sizes, kept under Shopify's 1,000-point limit per query; tests make them small. */
  ordersPage?: number;
  linesOrdersPage?: number;
  linesPerOrder?: number;
  moreLinesPage?: number;
};

const DEFAULTS: Required<ShopifyOverviewOptions> = {
  maxRequests: 50,
  ordersPage: 250,
  linesOrdersPage: 15,
  linesPerOrder: 10,
  moreLinesPage: 100,
};

/** An order nobody has acted on yet: Unfulfilled (OPEN is its former name). */
const WAITING = new Set(['UNFULFILLED', 'OPEN']);

const money = z.object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string() }) });
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not a date');
const count = z.object({ count: z.number().int().nonnegative(), precision: z.string() });

const orderNode = z.object({
  id: z.string(),
  createdAt: instant,
  cancelledAt: z.string().nullable(),
  test: z.boolean(),
  displayFulfillmentStatus: z.string(),
  totalPriceSet: money,
});

const lineNode = z.object({
  title: z.string(),
  quantity: z.number().int(),
  variant: z.object({ id: z.string() }).nullable(),
  discountedUnitPriceAfterAllDiscountsSet: money,
  product: z.object({ id: z.string(), productType: z.string(), tags: z.array(z.string()) }).nullable(),
});

const lineConnection = z.object({
  pageInfo: pageInfoSchema,
  edges: z.array(z.object({ node: lineNode })),
});

const ordersPage = <T extends z.ZodType>(node: T) =>
  z.object({ orders: z.object({ pageInfo: pageInfoSchema, edges: z.array(z.object({ node })) }) });

const countsAnswer = z.object({ earlier: count, later: count });
const leanOrdersAnswer = ordersPage(orderNode);
const linedOrdersAnswer = ordersPage(orderNode.extend({ lineItems: lineConnection }));
const moreLinesAnswer = z.object({ order: z.object({ lineItems: lineConnection }).nullable() });

const stockProduct = z.object({
  id: z.string(),
  title: z.string(),
  totalInventory: z.number().int(),
  variants: z.object({ edges: z.array(z.object({ node: z.object({ id: z.string() }) })) }),
});
const stockList = z.object({ edges: z.array(z.object({ node: stockProduct })) });
const stockAnswer = z.object({ soldOut: stockList, soldOutCount: count, low: stockList, lowCount: count });

const TOO_MANY =
  'Οι παραγγελίες των τελευταίων 90 ημερών στο Shopify είναι περισσότερες απ’ όσες διαβάζει η επισκόπηση. Δείτε τις πωλήσεις στο admin του Shopify.';

/** EUR cents of a shop-currency amount; a shop that does not sell in euros cannot be summed here. */
function cents(value: z.output<typeof money>): number {
  const found = moneyToCents(value.shopMoney);
  if (found === null)
    throw new AppError(
      'unavailable',
      'Το κατάστημα στο Shopify δεν τιμολογεί σε ευρώ· η επισκόπηση μετρά μόνο ευρώ.',
    );
  return found;
}

/** An instant for Shopify's search syntax, quoted (it holds colons); the shop's midnights are whole seconds. */
const searchTime = (at: Date) => `'${at.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;

function lineFacts(line: z.output<typeof lineNode>): OrderLineFacts {
  return {
    variantId: line.variant?.id ?? null,
    title: line.title,
    quantity: line.quantity,
    unitCents: cents(line.discountedUnitPriceAfterAllDiscountsSet),
    productType: line.product?.productType ?? null,
    tags: line.product?.tags ?? null,
  };
}

function orderFacts(order: z.output<typeof orderNode>, lines: OrderLineFacts[]): OrderFacts {
  return {
    createdAt: new Date(order.createdAt),
    cancelled: order.cancelledAt !== null,
    test: order.test,
    waiting: WAITING.has(order.displayFulfillmentStatus),
    totalCents: cents(order.totalPriceSet),
    lines,
  };
}

export function createShopifyOverview(
  admin: ShopifyClient,
  options: ShopifyOverviewOptions = {},
): OverviewPort {
  const settings = { ...DEFAULTS, ...options };
  const pages = (orders: number, size: number) => Math.ceil(orders / size);

  /** One overview's requests: each takes a turn, and one past the bound stops the read. */
  function budget() {
    let sent = 0;
    return async <T>(document: string, variables: Record<string, unknown>): Promise<T> => {
      sent += 1;
      if (sent > settings.maxRequests) throw new AppError('unavailable', TOO_MANY);
      return admin.request<T>(document, variables);
    };
  }

  async function leanOrders(send: ReturnType<typeof budget>, query: string): Promise<OrderFacts[]> {
    const orders: OrderFacts[] = [];
    let after: string | null = null;
    do {
      const answer: z.output<typeof leanOrdersAnswer> = parseWire(
        leanOrdersAnswer,
        await send(ADMIN_OVERVIEW_ORDERS, { first: settings.ordersPage, after, query }),
        'overview orders',
      );
      for (const { node } of answer.orders.edges) orders.push(orderFacts(node, []));
      after = answer.orders.pageInfo.hasNextPage ? answer.orders.pageInfo.endCursor : null;
    } while (after);
    return orders;
  }

  async function linedOrders(send: ReturnType<typeof budget>, query: string): Promise<OrderFacts[]> {
    const orders: OrderFacts[] = [];
    let after: string | null = null;
    do {
      const answer: z.output<typeof linedOrdersAnswer> = parseWire(
        linedOrdersAnswer,
        await send(ADMIN_OVERVIEW_ORDERS_WITH_LINES, {
          first: settings.linesOrdersPage,
          lines: settings.linesPerOrder,
          after,
          query,
        }),
        'overview orders with lines',
      );
      for (const { node } of answer.orders.edges) {
        const lines = node.lineItems.edges.map((edge) => lineFacts(edge.node));
        let more = node.lineItems.pageInfo;
        // An order of many lines: the rest of them, a page at a time.
        while (more.hasNextPage && more.endCursor) {
          const rest = parseWire(
            moreLinesAnswer,
            await send(ADMIN_OVERVIEW_ORDER_LINES, {
              id: node.id,
              first: settings.moreLinesPage,
              after: more.endCursor,
            }),
            'overview order lines',
          );
          // Deleted while it was read: the lines read so far stand.
          if (!rest.order) break;
          lines.push(...rest.order.lineItems.edges.map((edge) => lineFacts(edge.node)));
          more = rest.order.lineItems.pageInfo;
        }
        orders.push(orderFacts(node, lines));
      }
      after = answer.orders.pageInfo.hasNextPage ? answer.orders.pageInfo.endCursor : null;
    } while (after);
    return orders;
  }

  return {
    async salesFigures(window) {
      const { days90, days30 } = window.periods;
      // The 60 days before the last 30 need no lines; the last 30 do (best sellers, by team).
      const earlier = `created_at:>=${searchTime(days90)} created_at:<${searchTime(days30)}`;
      const later = `created_at:>=${searchTime(days30)}`;
      const send = budget();
      const counts = parseWire(
        countsAnswer,
        await send(ADMIN_OVERVIEW_ORDER_COUNTS, { earlier, later }),
        'overview order counts',
      );
      const needed =
        1 +
        pages(counts.earlier.count, settings.ordersPage) +
        pages(counts.later.count, settings.linesOrdersPage);
      if (
        counts.earlier.precision !== 'EXACT' ||
        counts.later.precision !== 'EXACT' ||
        needed > settings.maxRequests
      )
        throw new AppError('unavailable', TOO_MANY);
      // One after the other: they share the shop's cost bucket, which the client paces.
      const orders = [
        ...(counts.earlier.count > 0 ? await leanOrders(send, earlier) : []),
        ...(counts.later.count > 0 ? await linedOrders(send, later) : []),
      ];
      return salesFromOrders(orders, window);
    },

    async stockWatch(threshold, limit) {
      // Active products whose stock Shopify tracks, as the engine lists its tracked variants.
      const base = 'status:active tracks_inventory:true';
      const answer = parseWire(
        stockAnswer,
        await admin.request(ADMIN_OVERVIEW_STOCK, {
          soldOut: `${base} inventory_total:<=0`,
          low: `${base} inventory_total:>=1 inventory_total:<=${Math.max(0, Math.floor(threshold))}`,
          first: Math.min(Math.max(1, limit), 250),
        }),
        'overview stock',
      );
      const items = (list: z.output<typeof stockList>): StockItem[] =>
        list.edges
          .flatMap(({ node }) => {
            const variantId = node.variants.edges[0]?.node.id;
            return variantId
              ? [{ productId: node.id, variantId, title: node.title, available: node.totalInventory }]
              : [];
          })
          .slice(0, Math.max(0, limit));
      const watch: StockWatch = {
        soldOut: { count: answer.soldOutCount.count, items: items(answer.soldOut) },
        low: { count: answer.lowCount.count, items: items(answer.low) },
      };
      return watch;
    },
  };
}
