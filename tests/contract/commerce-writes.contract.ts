import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CardFacts, EMPTY_FACTS } from '../../src/domain/card-facts/facts.ts';
import type { FactFilter } from '../../src/domain/card-facts/filter.ts';
import { type Product, type ProductInput, productSchema } from '../../src/domain/catalog/product.ts';
import type { CommercePort } from '../../src/ports/commerce.ts';
import { rejection } from '../helpers/rejection.ts';

/**
 * The commerce port's catalogue writes (the dashboard's create, edit and delete), written once and
 * run against the embedded engine (one SQLite transaction per write) and Shopify's Admin API on the
 * double (the spec's multi-step flow, decision record 022). The reads of what was written go through
 * the port's own reads, so on Shopify they come back through the Storefront API.
 *
 * Where the backends differ, it is said here and only here, through `traits`:
 * - idNamespace: gid://shop/... or gid://shopify/...
 * - inventoryItemOnReads: the engine's reads carry the inventory item id; the Storefront API has
 *   none, so on Shopify only the write's own answer (an Admin read) carries it.
 */
export type WritesHarness = { commerce: CommercePort; close(): Promise<void> };
export type WritesTraits = { idNamespace: 'shop' | 'shopify'; inventoryItemOnReads: boolean };

/** A product as the dashboard sends it; the engine's own write tests use it too. */
export function input(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    title: '2024-25 Panini Prizm Jayson Tatum #1',
    descriptionHtml: '<p>Near <strong>mint</strong> &amp; sleeved</p>',
    tags: ['Boston Celtics', 'offer'],
    productType: 'Card',
    priceCents: 1250,
    quantity: 3,
    ...overrides,
  };
}

export function commerceWritesContract(
  name: string,
  open: () => Promise<WritesHarness>,
  traits: WritesTraits,
) {
  describe(`commerce port contract, writes: ${name}`, () => {
    let harness: WritesHarness;
    let commerce: CommercePort;
    beforeEach(async () => {
      harness = await open();
      commerce = harness.commerce;
    });
    afterEach(() => harness.close());

    const ns = traits.idNamespace;
    const gid = (type: string) => new RegExp(`^gid://${ns}/${type}/\\d+$`);
    /** What a read must agree on with the write's answer. */
    const asRead = (product: Product): Product =>
      traits.inventoryItemOnReads ? product : { ...product, inventoryItemId: '' };
    const titles = async () => (await commerce.listProducts()).map((product) => product.title);

    it('createProduct answers the product with gid ids, price in cents, stock, tags and no warnings', async () => {
      const { product, warnings } = await commerce.createProduct(input());
      expect(warnings).toEqual([]);
      expect(productSchema.parse(product)).toEqual(product);
      expect(product.id).toMatch(gid('Product'));
      expect(product.variantId).toMatch(gid('ProductVariant'));
      expect(product.inventoryItemId).toMatch(gid('InventoryItem'));
      expect(product).toMatchObject({
        title: '2024-25 Panini Prizm Jayson Tatum #1',
        descriptionHtml: '<p>Near <strong>mint</strong> &amp; sleeved</p>',
        description: 'Near mint & sleeved',
        tags: ['Boston Celtics', 'offer'],
        productType: 'Card',
        priceCents: 1250,
        available: 3,
        images: [],
      });
      expect(await commerce.getProduct(product.id)).toEqual(asRead(product));
      expect(await commerce.getProduct(product.variantId)).toEqual(asRead(product));
    });

    it('trims the title and defaults the optional fields; stock 0 is sold out, not unlimited', async () => {
      const { product } = await commerce.createProduct({
        title: '  Plain card  ',
        priceCents: 0,
        quantity: 0,
      });
      expect(product).toMatchObject({
        title: 'Plain card',
        description: '',
        descriptionHtml: '',
        tags: [],
        productType: '',
        priceCents: 0,
        available: 0,
      });
      expect((await commerce.getProduct(product.id))?.available).toBe(0);
    });

    it('a created product is in the catalogue, newest first, and found by its team', async () => {
      await commerce.createProduct(input({ title: 'Older', tags: ['Miami Heat'] }));
      await commerce.createProduct(input({ title: 'Newer', tags: ['Boston Celtics'] }));
      expect(await titles()).toEqual(['Newer', 'Older']);
      const found = await commerce.searchProducts({
        teams: ['miami heat'],
        sort: 'newest',
        page: 1,
        pageSize: 10,
      });
      expect(found.products.map((product) => product.title)).toEqual(['Older']);
    });

    it('updateProduct replaces title, description, price, stock, type and tags, keeping the ids', async () => {
      const { product: before } = await commerce.createProduct(input());
      const { product: after, warnings } = await commerce.updateProduct(before.id, {
        title: 'Renamed card',
        descriptionHtml: '<p>Corner wear</p>',
        tags: ['Miami Heat'],
        productType: 'LOT',
        priceCents: 999,
        quantity: 7,
      });
      expect(warnings).toEqual([]);
      expect(after).toMatchObject({
        id: before.id,
        variantId: before.variantId,
        inventoryItemId: before.inventoryItemId,
        title: 'Renamed card',
        description: 'Corner wear',
        tags: ['Miami Heat'],
        productType: 'LOT',
        priceCents: 999,
        available: 7,
        createdAt: before.createdAt,
      });
      expect(await commerce.getProduct(before.id)).toEqual(asRead(after));
    });

    it('updateProduct lowers the stock to 0 and raises it again', async () => {
      const { product } = await commerce.createProduct(input({ quantity: 2 }));
      expect((await commerce.updateProduct(product.id, input({ quantity: 0 }))).product.available).toBe(0);
      expect((await commerce.getProduct(product.id))?.available).toBe(0);
      expect((await commerce.updateProduct(product.id, input({ quantity: 5 }))).product.available).toBe(5);
      expect((await commerce.getProduct(product.id))?.available).toBe(5);
    });

    it('keeps a compare-at price above the price, changes it, and clears it with null (decision 089)', async () => {
      const { product } = await commerce.createProduct(input({ priceCents: 700, compareAtCents: 1000 }));
      expect(product.compareAtCents).toBe(1000);
      expect((await commerce.getProduct(product.id))?.compareAtCents).toBe(1000);
      const listed = (await commerce.searchProducts({ sort: 'newest', page: 1, pageSize: 10 })).products;
      expect(listed.find((found) => found.id === product.id)?.compareAtCents).toBe(1000);
      const changed = await commerce.updateProduct(
        product.id,
        input({ priceCents: 800, compareAtCents: 1200 }),
      );
      expect(changed.product).toMatchObject({ priceCents: 800, compareAtCents: 1200 });
      expect((await commerce.getProduct(product.id))?.compareAtCents).toBe(1200);
      const cleared = await commerce.updateProduct(
        product.id,
        input({ priceCents: 800, compareAtCents: null }),
      );
      expect(cleared.product.compareAtCents).toBeNull();
      expect((await commerce.getProduct(product.id))?.compareAtCents).toBeNull();
      // Left out, a product has none.
      expect((await commerce.createProduct(input())).product.compareAtCents).toBeNull();
    });

    it('refuses an unknown product id with not_found and a malformed one with invalid', async () => {
      expect((await rejection(commerce.updateProduct(`gid://${ns}/Product/404404`, input()))).kind).toBe(
        'not_found',
      );
      for (const id of [`gid://${ns}/ProductVariant/1`, 'gid://other/Product/1', '', 'not an id']) {
        expect((await rejection(commerce.updateProduct(id, input()))).kind, id).toBe('invalid');
        expect((await rejection(commerce.deleteProduct(id))).kind, id).toBe('invalid');
      }
    });

    it('refuses invalid input with invalid, and writes nothing', async () => {
      const { product } = await commerce.createProduct(input({ title: 'Existing' }));
      const version = await commerce.version();
      const bad: ProductInput[] = [
        input({ priceCents: -1 }),
        input({ priceCents: 12.5 }),
        input({ title: '' }),
        input({ title: '   ' }),
        input({ title: 'x'.repeat(251) }),
        input({ quantity: -1 }),
        input({ tags: [''] }),
        input({ mediaIds: Array.from({ length: 11 }, (_, i) => `gid://${ns}/MediaImage/${i + 1}`) }),
        input({ mediaIds: [`gid://${ns}/MediaImage/999999`] }),
        input({ mediaIds: ['not-a-media-id'] }),
        input({ priceCents: 1250, compareAtCents: 1250 }),
        input({ priceCents: 1250, compareAtCents: 999 }),
        input({ compareAtCents: 0 }),
      ];
      for (const wrong of bad) {
        const label = JSON.stringify(wrong).slice(0, 120);
        expect((await rejection(commerce.createProduct(wrong))).kind, label).toBe('invalid');
        expect((await rejection(commerce.updateProduct(product.id, wrong))).kind, label).toBe('invalid');
      }
      expect(await commerce.getProduct(product.id)).toEqual(asRead(product));
      expect(await titles()).toEqual(['Existing']);
      expect(await commerce.version()).toBe(version);
    });

    it('deleteProduct removes the product; a second delete and an unknown id are not_found', async () => {
      const { product } = await commerce.createProduct(input());
      await commerce.createProduct(input({ title: 'Kept' }));
      await commerce.deleteProduct(product.id);
      expect(await commerce.getProduct(product.id)).toBeNull();
      expect(await commerce.getProduct(product.variantId)).toBeNull();
      expect(await titles()).toEqual(['Kept']);
      expect((await rejection(commerce.deleteProduct(product.id))).kind).toBe('not_found');
      expect((await rejection(commerce.deleteProduct(`gid://${ns}/Product/404404`))).kind).toBe('not_found');
    });

    it('version grows after every write and not after reads', async () => {
      const v0 = await commerce.version();
      const { product } = await commerce.createProduct(input());
      const v1 = await commerce.version();
      expect(v1).toBeGreaterThan(v0);
      await commerce.listProducts();
      await commerce.getProduct(product.id);
      await commerce.searchProducts({ sort: 'newest', page: 1, pageSize: 10 });
      expect(await commerce.version()).toBe(v1);
      await commerce.updateProduct(product.id, input({ priceCents: 2000 }));
      const v2 = await commerce.version();
      expect(v2).toBeGreaterThan(v1);
      await commerce.deleteProduct(product.id);
      expect(await commerce.version()).toBeGreaterThan(v2);
    });

    describe('card facts (decisions 050, 052)', () => {
      const facts: CardFacts = {
        year: '2018-19',
        manufacturer: 'Panini',
        set: 'Prizm',
        cardNumber: '280',
        parallel: 'Silver',
        rookie: true,
        autograph: true,
        patch: false,
        serialNumber: 23,
        printRun: 99,
        grader: 'PSA',
        grade: 10,
        condition: null,
        certNumber: '87654321',
      };

      it('a write keeps every fact, and the reads give them back', async () => {
        const { product } = await commerce.createProduct(input({ facts }));
        expect(product.facts).toEqual(facts);
        expect((await commerce.getProduct(product.id))?.facts).toEqual(facts);
        expect((await commerce.listProducts())[0]?.facts).toEqual(facts);
      });

      it('an update replaces the facts, and clears the ones left out', async () => {
        const { product } = await commerce.createProduct(input({ facts }));
        const raw: CardFacts = {
          ...EMPTY_FACTS,
          year: '2023',
          grader: 'RAW',
          condition: 'NEAR_MINT',
          grade: null,
        };
        const { product: updated } = await commerce.updateProduct(product.id, input({ facts: raw }));
        expect(updated.facts).toEqual(raw);
        expect((await commerce.getProduct(product.id))?.facts).toEqual(raw);
        await commerce.updateProduct(product.id, input());
        expect((await commerce.getProduct(product.id))?.facts).toEqual(EMPTY_FACTS);
      });

      it('a certificate number keeps its leading zeros, follows an edit, and goes with the grade', async () => {
        const bgs: CardFacts = { ...EMPTY_FACTS, grader: 'BGS', grade: 9.5, certNumber: '0012345678' };
        const { product } = await commerce.createProduct(input({ facts: bgs }));
        expect(product.facts).toEqual(bgs);
        expect((await commerce.getProduct(product.id))?.facts).toEqual(bgs);
        const sgc: CardFacts = { ...bgs, grader: 'SGC', grade: 10, certNumber: '1234567-001' };
        await commerce.updateProduct(product.id, input({ facts: sgc }));
        expect((await commerce.getProduct(product.id))?.facts).toEqual(sgc);
        const uncertified: CardFacts = { ...sgc, certNumber: null };
        await commerce.updateProduct(product.id, input({ facts: uncertified }));
        expect((await commerce.getProduct(product.id))?.facts).toEqual(uncertified);
        expect((await commerce.listProducts())[0]?.facts).toEqual(uncertified);
      });

      it.each([
        ['a grade of 11', { grader: 'PSA' as const, grade: 11 }, 'facts.grade'],
        [
          'a certificate number on a raw card',
          { grader: 'RAW' as const, condition: 'MINT' as const, certNumber: '12345678' },
          'facts.certNumber',
        ],
        [
          'a certificate number with other signs',
          { grader: 'PSA' as const, grade: 10, certNumber: '1234/5678' },
          'facts.certNumber',
        ],
        ['a serial of 100/99', { serialNumber: 100, printRun: 99 }, 'facts.serialNumber'],
        [
          'a condition on a graded card',
          { grader: 'BGS' as const, grade: 9.5, condition: 'MINT' as const },
          'facts.condition',
        ],
      ])('refuses %s, naming the field, and writes nothing', async (_, bad, field) => {
        const error = await rejection(commerce.createProduct(input({ facts: { ...EMPTY_FACTS, ...bad } })));
        expect(error.kind).toBe('invalid');
        expect(Object.keys(error.fields)).toContain(field);
        expect(await titles()).toEqual([]);
      });

      it('the singles fact filters find the same cards', async () => {
        await commerce.createProduct(input({ title: 'PSA 10 auto', facts }));
        await commerce.createProduct(
          input({ title: 'PSA 9 auto', facts: { ...facts, grade: 9, printRun: 199 } }),
        );
        await commerce.createProduct(
          input({
            title: 'Raw NM',
            facts: { ...EMPTY_FACTS, year: '2024-25', grader: 'RAW', condition: 'NEAR_MINT' },
          }),
        );
        const found = async (filter: FactFilter) =>
          (
            await commerce.searchProducts({ sort: 'newest', page: 1, pageSize: 10, facts: filter })
          ).products.map((product) => product.title);
        expect(await found({ grader: 'PSA', minGrade: 10, autograph: true })).toEqual(['PSA 10 auto']);
        expect(await found({ numbered: true, maxPrintRun: 99 })).toEqual(['PSA 10 auto']);
        expect(await found({ manufacturer: 'panini', rookie: true })).toEqual(['PSA 9 auto', 'PSA 10 auto']);
        expect(await found({ yearFrom: 2024 })).toEqual(['Raw NM']);
        expect(await found({ minCondition: 'MINT' })).toEqual([]);
        expect(await found({ minCondition: 'EXCELLENT' })).toEqual(['Raw NM']);
      });
    });

    describe('importProducts (decision 053)', () => {
      it('creates and updates the items, gives the handles asked for, and reports progress', async () => {
        const { product } = await commerce.createProduct(input({ title: 'Old title' }));
        const seen: number[] = [];
        const result = await commerce.importProducts(
          [
            { id: null, input: input({ title: 'Imported', handle: 'imported-card', mediaIds: [] }) },
            { id: product.id, input: input({ title: 'New title', priceCents: 999, mediaIds: [] }) },
          ],
          (done) => seen.push(done),
        );
        expect(result).toEqual({ created: 1, updated: 1 });
        expect(seen.at(-1)).toBe(2);
        const products = await commerce.listProducts();
        expect(products.map((item) => [item.handle === 'imported-card', item.title])).toEqual([
          [true, 'Imported'],
          [false, 'New title'],
        ]);
        expect(products[1]?.priceCents).toBe(999);
      });

      it('an invalid item refuses the import before anything is written', async () => {
        const error = await rejection(
          commerce.importProducts(
            [
              { id: null, input: input({ title: 'Fine' }) },
              {
                id: null,
                input: input({ title: 'Bad', facts: { ...EMPTY_FACTS, grader: 'PSA', grade: 11 } }),
              },
            ],
            () => {},
          ),
        );
        expect(error.kind).toBe('invalid');
        expect(await titles()).toEqual([]);
      });
    });
  });
}
