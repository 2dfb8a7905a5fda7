import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_METAFIELDS } from '../../../src/adapters/commerce-shopify/card-metafields.ts';
import { createShopifyClient } from '../../../src/adapters/commerce-shopify/client.ts';
import { createShopifyCommerce } from '../../../src/adapters/commerce-shopify/index.ts';
import { SHOPIFY_WRITE_MESSAGES } from '../../../src/adapters/commerce-shopify/product-writes.ts';
import { EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import type { ProductInput } from '../../../src/domain/catalog/product.ts';
import { memoryCatalogVersion } from '../../contract/shopify-harness.ts';
import { type ShopifyDouble, startShopifyDouble } from '../../doubles/shopify/server.ts';
import { recordLogs } from '../../helpers/log-lines.ts';
import { rejection } from '../../helpers/rejection.ts';

/**
 * The Admin flow's steps, retries and undo on Shopify (decision record 022); what every backend
 * shares is in tests/contract/commerce-writes.contract.ts.
 */
let double: ShopifyDouble;
beforeAll(async () => {
  double = await startShopifyDouble();
});
afterAll(() => double.close());

function open() {
  const endpoint = { storeDomain: double.storeDomain, version: '2026-04', protocol: 'http' as const };
  const fast = { sleep: async () => {} };
  return createShopifyCommerce({
    storefront: createShopifyClient({ ...endpoint, api: 'storefront', token: double.storefrontToken }, fast),
    admin: createShopifyClient({ ...endpoint, api: 'admin', token: double.adminToken }, fast),
    catalogVersion: memoryCatalogVersion(),
  });
}

let commerce: ReturnType<typeof open>;
let logs: ReturnType<typeof recordLogs>;
beforeEach(() => {
  double.reset();
  commerce = open();
  // Giving up and undoing are logged for the operator; the tests read the log where it matters.
  logs = recordLogs();
});
afterEach(() => logs.stop());

const input = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  title: 'Nikola Jokic Prizm #15',
  descriptionHtml: '<p>Mint</p>',
  tags: ['Denver Nuggets'],
  productType: 'Card',
  priceCents: 1250,
  quantity: 3,
  ...overrides,
});

const operations = () => double.requests.filter((r) => r.api === 'admin').map((r) => r.operationName);
const variablesOf = (name: string) => double.requests.find((r) => r.operationName === name)?.variables ?? {};

describe('createProduct on Shopify', () => {
  it("runs the spec's steps in order: a draft with media, published, tracked, priced with DENY, stocked, then active", async () => {
    const { product } = await commerce.createProduct(input());
    expect(operations()).toEqual([
      'AdminProductCreate',
      'AdminPublications',
      'AdminLocations',
      'AdminPublishablePublish',
      'AdminInventoryItemUpdate',
      'AdminVariantsBulkUpdate',
      'AdminInventoryLevel',
      'AdminInventoryActivate',
      'AdminInventoryLevel',
      'AdminInventoryAdjust',
      'AdminProductUpdate',
    ]);
    expect(variablesOf('AdminProductCreate')).toMatchObject({ product: { status: 'DRAFT' }, media: [] });
    expect(variablesOf('AdminVariantsBulkUpdate')).toMatchObject({
      variants: [{ price: '12.50', inventoryPolicy: 'DENY' }],
    });
    expect(variablesOf('AdminInventoryAdjust')).toMatchObject({
      input: {
        name: 'available',
        reason: 'correction',
        changes: [{ delta: 3, changeFromQuantity: 0 }],
      },
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(variablesOf('AdminInventoryActivate')).toMatchObject({ idempotencyKey: expect.any(String) });
    expect(variablesOf('AdminProductUpdate')).toMatchObject({ product: { status: 'ACTIVE' } });

    const stored = double.store.products.get(Number(product.id.split('/').pop()));
    expect(stored?.status).toBe('ACTIVE');
    expect(stored?.variant).toMatchObject({ price: '12.50', policy: 'DENY', item: { tracked: true } });
    expect(stored?.publicationIds.size).toBe(4);
    expect(product).toMatchObject({ priceCents: 1250, available: 3 });
  });

  it('with quantity 0 needs no location and sets no stock', async () => {
    double.store.locations = [];
    const { product } = await commerce.createProduct(input({ quantity: 0 }));
    expect(product.available).toBe(0);
    expect(operations()).not.toContain('AdminInventoryAdjust');
  });

  it.each([
    ['AdminPublishablePublish', /^Αποτυχία δημοσίευσης στα κανάλια πώλησης: Shopify says no$/],
    ['AdminInventoryItemUpdate', new RegExp(`^${SHOPIFY_WRITE_MESSAGES.tracking}: Shopify says no$`)],
    ['AdminVariantsBulkUpdate', /^Αποτυχία ορισμού τιμής: Shopify says no$/],
    ['AdminInventoryAdjust', /^Αποτυχία ορισμού αποθέματος: Shopify says no$/],
    ['AdminProductUpdate', /^Αποτυχία ενεργοποίησης του προϊόντος: Shopify says no$/],
  ])('deletes the draft again when %s fails, and says which step failed', async (operationName, message) => {
    double.failNext({ api: 'admin', operationName, kind: 'userError', message: 'Shopify says no' });
    const error = await rejection(commerce.createProduct(input()));
    expect(error.message).toMatch(message);
    expect(operations()).toContain('AdminProductDelete');
    expect(double.store.products.size).toBe(0);
    expect(await commerce.listProducts()).toEqual([]);
  });

  it('without a location, fails with the spec message and leaves nothing', async () => {
    double.store.locations = [];
    const error = await rejection(commerce.createProduct(input()));
    expect(error.message).toBe('Δεν βρέθηκε έγκυρο locationId');
    expect(double.store.products.size).toBe(0);
  });

  it('when even the delete fails, says that a draft is left, which shoppers never see', async () => {
    double.failNext({
      api: 'admin',
      operationName: 'AdminVariantsBulkUpdate',
      kind: 'userError',
      message: 'no',
    });
    double.failNext({
      api: 'admin',
      operationName: 'AdminProductDelete',
      kind: 'userError',
      message: 'busy',
    });
    const error = await rejection(commerce.createProduct(input()));
    const [left] = [...double.store.products.values()];
    expect(left?.status).toBe('DRAFT');
    expect(error.message).toBe(
      `Αποτυχία ορισμού τιμής: no. ${SHOPIFY_WRITE_MESSAGES.leftAsDraft(`gid://shopify/Product/${left?.id}`)}`,
    );
    expect(await commerce.listProducts()).toEqual([]);
    expect(await commerce.getProduct(`gid://shopify/Product/${left?.id}`)).toBeNull();
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'Shopify: a draft could not be deleted after a failed creation',
      }),
    );
  });

  it('does not repeat productCreate after a 500, whose outcome is unknown, but does after a 429', async () => {
    double.failNext({ api: 'admin', operationName: 'AdminProductCreate', kind: 'http500' });
    await rejection(commerce.createProduct(input()));
    expect(operations().filter((name) => name === 'AdminProductCreate')).toHaveLength(1);

    double.reset();
    double.failNext({ api: 'admin', operationName: 'AdminProductCreate', kind: 'http429', retryAfter: 0 });
    await commerce.createProduct(input());
    expect(operations().filter((name) => name === 'AdminProductCreate')).toHaveLength(2);
    expect(double.store.products.size).toBe(1);
  });

  it('keeps an image Shopify refuses as a warning, and still creates the product', async () => {
    const { product, warnings } = await commerce.createProduct(
      input({ mediaIds: [`${double.url}/staged/tmp/never-uploaded.png`] }),
    );
    expect(warnings).toEqual(['Αποτυχία ανεβάσματος εικόνων: Image URL is invalid']);
    expect(product.images).toEqual([]);
    expect(await commerce.getProduct(product.id)).not.toBeNull();
  });
});

describe('updateProduct on Shopify', () => {
  it("changes nothing and says 'Η ενημέρωση του προϊόντος απέτυχε' when the product's own update fails", async () => {
    const { product } = await commerce.createProduct(input());
    double.requests.length = 0;
    double.failNext({
      api: 'admin',
      operationName: 'AdminProductUpdate',
      kind: 'userError',
      message: 'locked',
    });
    const error = await rejection(
      commerce.updateProduct(product.id, input({ title: 'New', priceCents: 99 })),
    );
    expect(error.message).toBe('Η ενημέρωση του προϊόντος απέτυχε: locked');
    expect(operations()).toEqual(['AdminProduct', 'AdminProductUpdate']);
    expect(await commerce.getProduct(product.id)).toMatchObject({ title: product.title, priceCents: 1250 });
  });

  it("saves what it can and reports the failed steps together: 'Το προϊόν ενημερώθηκε, αλλά: ...'", async () => {
    const { product } = await commerce.createProduct(input());
    double.failNext({
      api: 'admin',
      operationName: 'AdminPublishablePublish',
      kind: 'userError',
      message: 'a',
    });
    double.failNext({
      api: 'admin',
      operationName: 'AdminVariantsBulkUpdate',
      kind: 'userError',
      message: 'b',
    });
    const { product: after, warnings } = await commerce.updateProduct(
      product.id,
      input({ title: 'Renamed', priceCents: 99, quantity: 8 }),
    );
    expect(warnings).toEqual(['Το προϊόν ενημερώθηκε, αλλά: δημοσίευση (a), τιμή (b)']);
    expect(after).toMatchObject({ title: 'Renamed', priceCents: 1250, available: 8 });
  });

  it('adjusts the stock by the difference from what it read (compare and swap)', async () => {
    const { product } = await commerce.createProduct(input({ quantity: 5 }));
    double.requests.length = 0;
    await commerce.updateProduct(product.id, input({ quantity: 2 }));
    expect(variablesOf('AdminInventoryAdjust')).toMatchObject({
      input: { changes: [{ delta: -3, changeFromQuantity: 5 }] },
    });
    expect(operations()).not.toContain('AdminInventoryActivate');
  });

  it('turns tracking on for a product Shopify did not track, before setting its stock', async () => {
    const made = double.store.seedProduct({ title: 'Untracked', priceCents: 500, quantity: null });
    const id = `gid://shopify/Product/${made.id}`;
    expect((await commerce.getProduct(id))?.available).toBeNull();
    const { product } = await commerce.updateProduct(id, input({ title: 'Untracked', quantity: 4 }));
    expect(product.available).toBe(4);
    expect(made.variant.item.tracked).toBe(true);
  });
});

describe('card facts as metafields on Shopify (decision 052)', () => {
  const facts = { ...EMPTY_FACTS, year: '2023-24', autograph: true, grader: 'PSA' as const, grade: 10 };

  it('the first write with facts creates the missing definitions, readable by the Storefront API; later writes do not', async () => {
    double.store.definitions.push({
      id: 1,
      name: 'Card: Year',
      namespace: 'card',
      key: 'year',
      type: 'single_line_text_field',
      ownerType: 'PRODUCT',
      storefront: 'PUBLIC_READ',
    });
    const { product } = await commerce.createProduct(input({ facts }));
    const created = double.requests.filter((r) => r.operationName === 'AdminMetafieldDefinitionCreate');
    expect(created).toHaveLength(CARD_METAFIELDS.length - 1);
    expect(created[0]?.variables).toMatchObject({
      definition: { namespace: 'card', ownerType: 'PRODUCT', access: { storefront: 'PUBLIC_READ' } },
    });
    expect(double.store.definitions.map((definition) => definition.key).sort()).toEqual(
      CARD_METAFIELDS.map((field) => field.key).sort(),
    );
    expect(variablesOf('AdminProductCreate')).toMatchObject({
      product: {
        metafields: [
          { namespace: 'card', key: 'year', type: 'single_line_text_field', value: '2023-24' },
          { namespace: 'card', key: 'autograph', type: 'boolean', value: 'true' },
          { namespace: 'card', key: 'grader', type: 'single_line_text_field', value: 'PSA' },
          { namespace: 'card', key: 'grade', type: 'number_decimal', value: '10' },
        ],
      },
    });
    expect((await commerce.getProduct(product.id))?.facts).toEqual(facts);

    double.requests.length = 0;
    await commerce.createProduct(input({ title: 'Second', facts }));
    expect(operations()).not.toContain('AdminCardDefinitions');
    expect(operations()).not.toContain('AdminMetafieldDefinitionCreate');
  });

  it('a product without facts runs no definition step', async () => {
    await commerce.createProduct(input());
    expect(operations()).not.toContain('AdminCardDefinitions');
  });

  it('a definition that cannot be created stops the write before anything is made, with a Greek message', async () => {
    double.failNext({
      operationName: 'AdminMetafieldDefinitionCreate',
      kind: 'userError',
      message: 'Limit reached',
    });
    const error = await rejection(commerce.createProduct(input({ facts })));
    expect(error.message).toBe(`${SHOPIFY_WRITE_MESSAGES.factDefinitions}: Limit reached`);
    expect(double.store.products.size).toBe(0);
    // The next write tries again.
    await commerce.createProduct(input({ facts }));
    expect(double.store.products.size).toBe(1);
  });

  it('facts typed in Shopify that break a rule are left out, the valid ones kept', async () => {
    const { product } = await commerce.createProduct(input({ facts }));
    const stored = double.store.products.get(Number(product.id.split('/').pop()));
    const grade = stored?.metafields.get('card.grade');
    if (grade) grade.value = '11';
    expect((await commerce.getProduct(product.id))?.facts).toEqual({ ...facts, grader: null, grade: null });
  });
});
