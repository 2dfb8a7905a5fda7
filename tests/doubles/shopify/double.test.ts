import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_INVENTORY_ADJUST,
  ADMIN_OVERVIEW_ORDER_COUNTS,
  ADMIN_OVERVIEW_ORDERS_WITH_LINES,
  ADMIN_OVERVIEW_STOCK,
  ADMIN_PRODUCT_CREATE,
  ADMIN_PRODUCTS,
} from '../../../src/adapters/commerce-shopify/documents/admin.ts';
import {
  STOREFRONT_CART_CREATE,
  STOREFRONT_CART_LINES_ADD,
  STOREFRONT_PRODUCTS,
} from '../../../src/adapters/commerce-shopify/documents/storefront.ts';
import { type ShopifyDouble, startShopifyDouble } from './server.ts';

/** The double must behave like Shopify where the shop relies on it; these pin that down. */
let double: ShopifyDouble;
/** The double's clock: time moves only when a test moves it. */
let clock = 0;

beforeAll(async () => {
  double = await startShopifyDouble({ clock: () => clock });
});
afterAll(() => double.close());
beforeEach(() => double.reset());

// biome-ignore lint/suspicious/noExplicitAny: raw wire JSON, read field by field in assertions.
type Wire = any;
type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

async function call(
  api: 'storefront' | 'admin',
  query: string,
  variables = {},
  token?: string,
): Promise<Answer> {
  const admin = api === 'admin';
  const response = await fetch(`${double.url}${admin ? '/admin' : ''}/api/2026-04/graphql.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [admin ? 'x-shopify-access-token' : 'x-shopify-storefront-access-token']:
        token ?? (admin ? double.adminToken : double.storefrontToken),
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const data = (answer: Answer) => answer.body.data as Record<string, Wire>;

describe('the Shopify double', () => {
  it('refuses a wrong token on either API', async () => {
    expect((await call('storefront', STOREFRONT_PRODUCTS, { first: 1 }, 'nope')).status).toBe(401);
    expect((await call('admin', ADMIN_PRODUCTS, { first: 1 }, 'nope')).status).toBe(401);
  });

  it('answers a document the schema refuses with errors, as Shopify does', async () => {
    const answer = await call('storefront', '{ products(first: 1) { edges { node { priceRange2 } } } }');
    expect(answer.status).toBe(200);
    expect((answer.body.errors as Wire)[0].message).toMatch(
      /^Cannot query field "priceRange2" on type "Product"/,
    );
  });

  it('pages the catalogue with cursors and gids, at most 250 at a time', async () => {
    for (let n = 1; n <= 5; n += 1)
      double.store.seedProduct({ title: `Card ${n}`, priceCents: 100 * n, quantity: n });
    const first = data(
      await call('storefront', STOREFRONT_PRODUCTS, { first: 2, sortKey: 'ID', reverse: true }),
    );
    expect(first.products.edges.map((edge: Wire) => edge.node.title)).toEqual(['Card 5', 'Card 4']);
    expect(first.products.edges[0].node.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(first.products.edges[0].node.variants.edges[0].node).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\/\d+$/),
      price: { amount: '5.00', currencyCode: 'EUR' },
      quantityAvailable: 5,
    });
    expect(first.products.pageInfo.hasNextPage).toBe(true);
    const second = data(
      await call('storefront', STOREFRONT_PRODUCTS, {
        first: 250,
        after: first.products.pageInfo.endCursor,
        sortKey: 'ID',
        reverse: true,
      }),
    );
    expect(second.products.edges.map((edge: Wire) => edge.node.title)).toEqual([
      'Card 3',
      'Card 2',
      'Card 1',
    ]);
    expect(second.products.pageInfo.hasNextPage).toBe(false);
    expect(
      JSON.stringify((await call('storefront', STOREFRONT_PRODUCTS, { first: 251 })).body.errors),
    ).toMatch(/250/);
  });

  it('filters with the search syntax', async () => {
    double.store.seedProduct({
      title: 'Luka Doncic Prizm',
      tags: ['Dallas Mavericks', 'offer'],
      productType: 'Card',
      priceCents: 500,
      quantity: 1,
    });
    double.store.seedProduct({
      title: 'Mystery pack',
      productType: 'Mystery Pack',
      priceCents: 1500,
      quantity: 1,
    });
    const titles = async (query: string) =>
      data(await call('storefront', STOREFRONT_PRODUCTS, { first: 10, query })).products.edges.map(
        (edge: Wire) => edge.node.title,
      );
    expect(await titles('tag:offer AND product_type:Card')).toEqual(['Luka Doncic Prizm']);
    expect(await titles('tag:"dallas mavericks"')).toEqual(['Luka Doncic Prizm']);
    expect(await titles('variants.price:>=10')).toEqual(['Mystery pack']);
    expect(await titles('title:doncic OR title:mystery')).toHaveLength(2);
    expect(await titles('NOT tag:offer')).toEqual(['Mystery pack']);
  });

  it('caps cart lines at the stock under DENY and says so in cart warnings', async () => {
    const card = double.store.seedProduct({ title: 'Last card', priceCents: 900, quantity: 2 });
    const variantId = `gid://shopify/ProductVariant/${card.variant.id}`;
    const created = data(
      await call('storefront', STOREFRONT_CART_CREATE, {
        input: { lines: [{ merchandiseId: variantId, quantity: 1 }] },
      }),
    );
    const cartId = created.cartCreate.cart.id;
    expect(cartId).toMatch(/^gid:\/\/shopify\/Cart\/\w+\?key=\w+$/);
    const added = data(
      await call('storefront', STOREFRONT_CART_LINES_ADD, {
        cartId,
        lines: [{ merchandiseId: variantId, quantity: 5 }],
      }),
    );
    expect(added.cartLinesAdd.cart.totalQuantity).toBe(2);
    expect(added.cartLinesAdd.warnings).toEqual([
      expect.objectContaining({
        code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
        target: added.cartLinesAdd.cart.lines.edges[0].node.id,
      }),
    ]);
    const unknown = data(
      await call('storefront', STOREFRONT_CART_LINES_ADD, {
        cartId,
        lines: [{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 1 }],
      }),
    );
    expect(unknown.cartLinesAdd.userErrors[0]).toMatchObject({ code: 'INVALID' });
  });

  it('answers Admin userErrors and reports the query cost', async () => {
    const answer = await call('admin', ADMIN_PRODUCT_CREATE, { product: { title: '  ' } });
    expect(data(answer).productCreate).toEqual({
      product: null,
      userErrors: [{ field: ['title'], message: "Title can't be blank" }],
    });
    expect((answer.body.extensions as Wire).cost.throttleStatus).toMatchObject({
      maximumAvailable: 2000,
      restoreRate: 100,
    });
  });

  it('throttles on demand: 429 with Retry-After, and THROTTLED with the bucket state', async () => {
    double.failNext({ api: 'storefront', kind: 'http429', retryAfter: 2 });
    const limited = await call('storefront', STOREFRONT_PRODUCTS, { first: 1 });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '2']);
    expect((await call('storefront', STOREFRONT_PRODUCTS, { first: 1 })).status).toBe(200);

    double.drainBucket();
    const throttled = await call('admin', ADMIN_PRODUCTS, { first: 1 });
    expect((throttled.body.errors as Wire)[0].extensions.code).toBe('THROTTLED');
    expect((throttled.body.extensions as Wire).cost).toMatchObject({
      requestedQueryCost: 10,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: expect.any(Number), restoreRate: 100 },
    });
    clock += 120; // 12 points at 100 per second: enough for one query of cost 10
    expect((await call('admin', ADMIN_PRODUCTS, { first: 1 })).body.errors).toBeUndefined();
  });

  it('refuses the inventory mutations without @idempotent(key:) from 2026-04, and applies a repeated key once', async () => {
    const card = double.store.seedProduct({ title: 'Card', priceCents: 100, quantity: 2 });
    const change = {
      inventoryItemId: `gid://shopify/InventoryItem/${card.variant.item.id}`,
      locationId: `gid://shopify/Location/${double.store.locations[0]?.id}`,
      delta: 3,
      changeFromQuantity: 2,
    };
    const input = { name: 'available', reason: 'correction', changes: [change] };
    const bare = `mutation ($input: InventoryAdjustQuantitiesInput!) {
      inventoryAdjustQuantities(input: $input) { userErrors { message } } }`;
    const refused = await call('admin', bare, { input });
    expect((refused.body.errors as Wire)[0].message).toMatch(/idempotency key is required/);
    expect(double.store.available(card)).toBe(2);

    const first = await call('admin', ADMIN_INVENTORY_ADJUST, { input, idempotencyKey: 'key-1' });
    const again = await call('admin', ADMIN_INVENTORY_ADJUST, { input, idempotencyKey: 'key-1' });
    expect(data(first).inventoryAdjustQuantities.userErrors).toEqual([]);
    expect(again.body).toEqual(first.body);
    expect(double.store.available(card)).toBe(5);
  });

  it('needs changeFromQuantity on every change, and refuses a stale one', async () => {
    const card = double.store.seedProduct({ title: 'Card', priceCents: 100, quantity: 2 });
    const change = {
      inventoryItemId: `gid://shopify/InventoryItem/${card.variant.item.id}`,
      locationId: `gid://shopify/Location/${double.store.locations[0]?.id}`,
      delta: 1,
    };
    const adjust = async (extra: object, key: string) =>
      data(
        await call('admin', ADMIN_INVENTORY_ADJUST, {
          input: { name: 'available', reason: 'correction', changes: [{ ...change, ...extra }] },
          idempotencyKey: key,
        }),
      ).inventoryAdjustQuantities.userErrors.map((error: Wire) => error.message);
    expect(await adjust({}, 'a')).toEqual([expect.stringMatching(/changeFromQuantity is required/)]);
    expect(await adjust({ changeFromQuantity: 7 }, 'b')).toEqual([
      'The quantity has changed since it was read.',
    ]);
    expect(await adjust({ changeFromQuantity: null }, 'c')).toEqual([]);
    expect(double.store.available(card)).toBe(3);
  });

  it("finds orders by created_at ranges in Shopify's search syntax, oldest first by CREATED_AT", async () => {
    const card = double.store.seedProduct({ title: 'Card', priceCents: 250, quantity: 10 });
    const at = (createdAt: string) =>
      double.store.recordOrder({ lines: [{ variantId: card.variant.id, quantity: 1 }], createdAt });
    // Recorded out of time order: the sort is by creation time, not by id.
    at('2026-11-26T22:00:00Z');
    at('2026-11-26T21:59:59Z');
    at('2026-10-01T00:00:00Z');
    const createdAt = async (query: string) =>
      data(
        await call('admin', ADMIN_OVERVIEW_ORDERS_WITH_LINES, { first: 10, lines: 5, query }),
      ).orders.edges.map((edge: Wire) => edge.node.createdAt);
    expect(await createdAt("created_at:>='2026-11-26T22:00:00Z'")).toEqual(['2026-11-26T22:00:00Z']);
    expect(await createdAt("created_at:>='2026-10-01T00:00:00Z' created_at:<'2026-11-26T22:00:00Z'")).toEqual(
      ['2026-10-01T00:00:00Z', '2026-11-26T21:59:59Z'],
    );
    expect(await createdAt('created_at:>=2026-11-01T00:00:00Z')).toHaveLength(2);
    expect(await createdAt("created_at:<'2026-01-01T00:00:00Z'")).toEqual([]);
    const counts = data(
      await call('admin', ADMIN_OVERVIEW_ORDER_COUNTS, {
        earlier: "created_at:<'2026-11-01T00:00:00Z'",
        later: "created_at:>='2026-11-01T00:00:00Z'",
      }),
    );
    expect(counts).toEqual({
      earlier: { count: 1, precision: 'EXACT' },
      later: { count: 2, precision: 'EXACT' },
    });
  });

  it("answers an order's lines with the product and variant of checkout time, null once deleted", async () => {
    const kept = double.store.seedProduct({
      title: 'Kept',
      tags: ['Olympiacos', 'offer'],
      productType: 'Card',
      priceCents: 1250,
      quantity: 5,
    });
    const gone = double.store.seedProduct({ title: 'Gone', priceCents: 300, quantity: 5 });
    const order = double.store.recordOrder({
      lines: [
        { variantId: kept.variant.id, quantity: 2 },
        { variantId: gone.variant.id, quantity: 1 },
      ],
      createdAt: '2026-11-20T10:00:00Z',
    });
    expect(order.totalCents).toBe(2800);
    expect(double.store.available(kept)).toBe(3);
    double.store.products.delete(gone.id);
    const [node] = data(
      await call('admin', ADMIN_OVERVIEW_ORDERS_WITH_LINES, { first: 1, lines: 5, query: '' }),
    ).orders.edges.map((edge: Wire) => edge.node);
    expect(node).toMatchObject({
      cancelledAt: null,
      test: false,
      displayFulfillmentStatus: 'UNFULFILLED',
      totalPriceSet: { shopMoney: { amount: '28.00', currencyCode: 'EUR' } },
    });
    expect(node.lineItems.edges.map((edge: Wire) => edge.node)).toEqual([
      {
        title: 'Kept',
        quantity: 2,
        variant: { id: `gid://shopify/ProductVariant/${kept.variant.id}` },
        discountedUnitPriceAfterAllDiscountsSet: { shopMoney: { amount: '12.50', currencyCode: 'EUR' } },
        product: {
          id: `gid://shopify/Product/${kept.id}`,
          productType: 'Card',
          tags: ['offer', 'Olympiacos'],
        },
      },
      {
        title: 'Gone',
        quantity: 1,
        variant: null,
        discountedUnitPriceAfterAllDiscountsSet: { shopMoney: { amount: '3.00', currencyCode: 'EUR' } },
        product: null,
      },
    ]);
  });

  it('filters Admin products by tracked stock and status, and counts them', async () => {
    double.store.seedProduct({ title: 'None left', priceCents: 100, quantity: 0 });
    double.store.seedProduct({ title: 'Two left', priceCents: 100, quantity: 2 });
    double.store.seedProduct({ title: 'Untracked', priceCents: 100, quantity: null });
    double.store.seedProduct({ title: 'Draft, none left', priceCents: 100, quantity: 0, status: 'DRAFT' });
    const base = 'status:active tracks_inventory:true';
    const stock = data(
      await call('admin', ADMIN_OVERVIEW_STOCK, {
        soldOut: `${base} inventory_total:<=0`,
        low: `${base} inventory_total:>=1 inventory_total:<=2`,
        first: 10,
      }),
    );
    expect(stock.soldOut.edges.map((edge: Wire) => edge.node.title)).toEqual(['None left']);
    expect(stock.low.edges.map((edge: Wire) => [edge.node.title, edge.node.totalInventory])).toEqual([
      ['Two left', 2],
    ]);
    expect(stock.soldOutCount).toEqual({ count: 1, precision: 'EXACT' });
    expect(stock.lowCount).toEqual({ count: 1, precision: 'EXACT' });
  });
});
