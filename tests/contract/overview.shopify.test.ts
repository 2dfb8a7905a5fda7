import { describe, expect, it } from 'vitest';
import { createShopifyOverview } from '../../src/adapters/commerce-shopify/overview.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { OrderStatus } from '../../src/domain/orders/order.ts';
import type { DoubleFulfillmentStatus } from '../doubles/shopify/store.ts';
import { gidNumber } from '../doubles/shopify/store.ts';
import { overviewContract, overviewWindow } from './overview.contract.ts';
import { openShopifyCommerce, shopifyClients, startDoubleForFile } from './shopify-harness.ts';

const double = startDoubleForFile();

/**
 * The engine's statuses as Shopify shows the same moment: a pending order is Unfulfilled (nobody
 * has acted on it); paid is the owner's first step, In progress; shipped and collected are
 * Fulfilled; a cancelled order keeps its fulfilment status and gets cancelledAt.
 */
const FULFILMENT: Record<OrderStatus, DoubleFulfillmentStatus> = {
  pending: 'UNFULFILLED',
  paid: 'IN_PROGRESS',
  shipped: 'FULFILLED',
  ready_for_pickup: 'IN_PROGRESS',
  collected: 'FULFILLED',
  cancelled: 'UNFULFILLED',
};

function variantNumber(variantId: string): number {
  const id = gidNumber('ProductVariant', variantId);
  if (id === null) throw new Error(`not a Shopify variant id: ${variantId}`);
  return id;
}

overviewContract('Shopify (Admin API on the local double)', async () => {
  double().reset();
  const commerce = openShopifyCommerce(double());
  return {
    overview: createShopifyOverview(shopifyClients(double()).admin),
    // Through the Admin flow the dashboard uses, as the engine's harness does through its own.
    async product(input) {
      return (await commerce.createProduct(input)).product.variantId;
    },
    // Shopify's checkout takes the orders; a test seeds them at fixed times in the store instead.
    async order(lines, at, status = 'pending') {
      double().store.recordOrder({
        lines: lines.map((line) => ({ variantId: variantNumber(line.variantId), quantity: line.quantity })),
        createdAt: at,
        cancelledAt: status === 'cancelled' ? at : null,
        fulfillmentStatus: FULFILMENT[status],
        email: 'maria@example.gr',
        customerName: 'Μαρία Παπαδοπούλου',
      });
    },
    close: async () => {},
  };
});

describe('Shopify overview: what only Shopify has', () => {
  async function seeded(count: number, at: string) {
    double().reset();
    const store = double().store;
    const product = store.seedProduct({
      title: 'Card',
      priceCents: 100,
      quantity: 1000,
      tags: ['Olympiacos'],
    });
    for (let index = 0; index < count; index += 1)
      store.recordOrder({ lines: [{ variantId: product.variant.id, quantity: 1 }], createdAt: at });
    return product;
  }

  it('reads the 90 days in pages: the earlier 60 without lines, the last 30 with them', async () => {
    await seeded(5, '2026-09-15T10:00:00.000Z');
    const store = double().store;
    const product = [...store.products.values()][0];
    for (let index = 0; index < 3; index += 1)
      store.recordOrder({
        lines: [{ variantId: product?.variant.id ?? 0, quantity: 2 }],
        createdAt: '2026-11-20T10:00:00.000Z',
      });
    const overview = createShopifyOverview(shopifyClients(double()).admin, {
      ordersPage: 2,
      linesOrdersPage: 2,
    });
    const before = double().requests.length;
    const figures = await overview.salesFigures(overviewWindow());
    expect(figures.totals.month).toEqual({ revenueCents: 600, orders: 3 });
    expect(figures.daily).toEqual([
      { day: '2026-09-15', revenueCents: 500, orders: 5 },
      { day: '2026-11-20', revenueCents: 600, orders: 3 },
    ]);
    expect(figures.bestSellers).toEqual([
      {
        variantId: `gid://shopify/ProductVariant/${product?.variant.id}`,
        title: 'Card',
        quantity: 6,
        revenueCents: 600,
      },
    ]);
    expect(
      double()
        .requests.slice(before)
        .map((request) => request.operationName),
    ).toEqual([
      'AdminOverviewOrderCounts',
      'AdminOverviewOrders',
      'AdminOverviewOrders',
      'AdminOverviewOrders',
      'AdminOverviewOrdersWithLines',
      'AdminOverviewOrdersWithLines',
    ]);
  });

  it('reads the rest of an order of many lines', async () => {
    double().reset();
    const store = double().store;
    const products = Array.from({ length: 5 }, (_, index) =>
      store.seedProduct({ title: `Card ${index}`, priceCents: 100 * (index + 1), quantity: 10 }),
    );
    store.recordOrder({
      lines: products.map((product) => ({ variantId: product.variant.id, quantity: 1 })),
      createdAt: '2026-11-26T10:00:00.000Z',
    });
    const overview = createShopifyOverview(shopifyClients(double()).admin, {
      linesPerOrder: 2,
      moreLinesPage: 2,
    });
    const figures = await overview.salesFigures(overviewWindow());
    expect(figures.bestSellers.map((row) => row.title).sort()).toEqual([
      'Card 0',
      'Card 1',
      'Card 2',
      'Card 3',
      'Card 4',
    ]);
    expect(figures.totals.week).toEqual({ revenueCents: 1500, orders: 1 });
  });

  it('stops with a clear error before reading when the orders would take too many requests', async () => {
    await seeded(7, '2026-11-20T10:00:00.000Z');
    const overview = createShopifyOverview(shopifyClients(double()).admin, {
      linesOrdersPage: 2,
      maxRequests: 4,
    });
    const before = double().requests.length;
    const error = await overview.salesFigures(overviewWindow()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('Δείτε τις πωλήσεις στο admin του Shopify'),
    });
    // Only the counts were read.
    expect(double().requests.length - before).toBe(1);
  });

  it('stops at the bound while reading, when orders need more requests than the counts showed', async () => {
    double().reset();
    const store = double().store;
    const products = Array.from({ length: 6 }, (_, index) =>
      store.seedProduct({ title: `Card ${index}`, priceCents: 100, quantity: 10 }),
    );
    store.recordOrder({
      lines: products.map((product) => ({ variantId: product.variant.id, quantity: 1 })),
      createdAt: '2026-11-26T10:00:00.000Z',
    });
    const overview = createShopifyOverview(shopifyClients(double()).admin, {
      linesPerOrder: 1,
      moreLinesPage: 1,
      maxRequests: 3,
    });
    await expect(overview.salesFigures(overviewWindow())).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it("keeps a deleted product's sales under its title, with no team or type", async () => {
    double().reset();
    const commerce = openShopifyCommerce(double());
    const { product } = await commerce.createProduct({
      title: 'Gone card',
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 700,
      quantity: 3,
    });
    double().store.recordOrder({
      lines: [{ variantId: variantNumber(product.variantId ?? ''), quantity: 2 }],
      createdAt: '2026-11-26T10:00:00.000Z',
    });
    await commerce.deleteProduct(product.id);
    const figures = await createShopifyOverview(shopifyClients(double()).admin).salesFigures(
      overviewWindow(),
    );
    expect(figures.bestSellers).toEqual([
      { variantId: null, title: 'Gone card', quantity: 2, revenueCents: 1400 },
    ]);
    expect(figures.byTeam).toEqual([{ team: null, productType: null, revenueCents: 1400, quantity: 2 }]);
  });

  it("counts neither test orders nor another part of the shop's history", async () => {
    await seeded(1, '2026-11-27T08:00:00.000Z');
    const store = double().store;
    const product = [...store.products.values()][0];
    store.recordOrder({
      lines: [{ variantId: product?.variant.id ?? 0, quantity: 1 }],
      createdAt: '2026-11-27T08:00:00.000Z',
      test: true,
    });
    // Before the 90 days: not read at all.
    store.recordOrder({
      lines: [{ variantId: product?.variant.id ?? 0, quantity: 1 }],
      createdAt: '2026-08-01T08:00:00.000Z',
    });
    const figures = await createShopifyOverview(shopifyClients(double()).admin).salesFigures(
      overviewWindow(),
    );
    expect(figures.totals.today).toEqual({ revenueCents: 100, orders: 1 });
    expect(figures.newOrders).toBe(1);
    expect(figures.daily).toHaveLength(1);
  });
});
