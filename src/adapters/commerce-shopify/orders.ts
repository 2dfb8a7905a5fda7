import { z } from 'zod';
import type { HostedOrdersPort } from '../../ports/commerce.ts';
import type { ShopifyClient } from './client.ts';
import { ADMIN_ORDERS } from './documents/admin.ts';
import { moneyToCents, pageInfoSchema, parseWire } from './reshape.ts';

/**
 * The orders Shopify's checkout took, newest first, read-only (AdminOrders), each with a link to
 * the order in the Shopify admin, where the owner handles payment and shipping.
 */
const ordersAnswer = z.object({
  orders: z.object({
    pageInfo: pageInfoSchema,
    edges: z.array(
      z.object({
        node: z.object({
          id: z.string(),
          legacyResourceId: z.string(),
          name: z.string(),
          createdAt: z.string(),
          cancelledAt: z.string().nullable(),
          email: z.string().nullable(),
          displayFinancialStatus: z.string().nullable(),
          displayFulfillmentStatus: z.string(),
          totalPriceSet: z.object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string() }) }),
          customer: z.object({ displayName: z.string() }).nullable(),
        }),
      }),
    ),
  }),
});

/** `storeAdminUrl`: the shop's admin, for example https://your-shop.myshopify.com/admin. */
export function createShopifyOrders(admin: ShopifyClient, storeAdminUrl: string): HostedOrdersPort {
  return {
    provider: 'Shopify',
    async listOrders({ after, pageSize }) {
      const { orders } = parseWire(
        ordersAnswer,
        await admin.request(ADMIN_ORDERS, { first: Math.min(Math.max(1, pageSize), 50), after }),
        'order list',
      );
      return {
        orders: orders.edges.map(({ node }) => ({
          id: node.id,
          number: node.name,
          createdAt: node.createdAt,
          customerName: node.customer?.displayName ?? null,
          email: node.email,
          totalCents: moneyToCents(node.totalPriceSet.shopMoney),
          financialStatus: node.displayFinancialStatus ?? '',
          fulfillmentStatus: node.displayFulfillmentStatus,
          cancelled: node.cancelledAt !== null,
          adminUrl: `${storeAdminUrl}/orders/${encodeURIComponent(node.legacyResourceId)}`,
        })),
        nextCursor: orders.pageInfo.hasNextPage ? orders.pageInfo.endCursor : null,
      };
    },
  };
}
