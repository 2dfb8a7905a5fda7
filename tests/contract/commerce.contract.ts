import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Product, productSchema } from '../../src/domain/catalog/product.ts';
import { idTail } from '../../src/domain/catalog/product-id.ts';
import type { CatalogPage, CatalogQuery } from '../../src/domain/catalog/query.ts';
import type { CommercePort } from '../../src/ports/commerce.ts';
import type { TestCatalogue } from '../helpers/catalogue.ts';

/**
 * The commerce port's catalogue reads, written once and run against every adapter: the embedded
 * engine (commerce.local.test.ts) and Shopify on the local double (commerce.shopify.test.ts).
 *
 * Where the backends differ, it is said here and only here, through `traits`:
 * - unpricedProducts: the embedded engine can hold a product without a price (an imported
 *   catalogue); a Shopify variant always has one, so those cases run on the engine only.
 * - idType: the gid namespace each backend uses (gid://shop/... or gid://shopify/...).
 */
export type SeedProduct = {
  title: string;
  descriptionHtml?: string;
  tags?: string[];
  productType?: string;
  /** null: no price (only where traits.unpricedProducts). */
  priceCents?: number | null;
  quantity?: number;
};

export type CommerceHarness = {
  commerce: CommercePort;
  /** Puts a product in the shop as its owner would, and answers it as the port reads it. */
  seed(product: SeedProduct): Promise<Product>;
  close(): Promise<void>;
};

export type CommerceTraits = { unpricedProducts: boolean; idNamespace: 'shop' | 'shopify' };

export function commerceContract(name: string, open: () => Promise<CommerceHarness>, traits: CommerceTraits) {
  describe(`commerce port contract: ${name}`, () => {
    let harness: CommerceHarness;
    let commerce: CommercePort;

    beforeEach(async () => {
      harness = await open();
      commerce = harness.commerce;
    });
    afterEach(() => harness.close());

    const create = (title: string, overrides: Partial<SeedProduct> = {}) =>
      harness.seed({
        title,
        descriptionHtml: '',
        tags: [],
        productType: 'Card',
        priceCents: 1000,
        quantity: 1,
        ...overrides,
      });
    const search = (query: Partial<CatalogQuery> = {}): Promise<CatalogPage> =>
      commerce.searchProducts({ sort: 'newest', page: 1, pageSize: 100, ...query });
    const titles = async (query: Partial<CatalogQuery> = {}) =>
      (await search(query)).products.map((product) => product.title);
    const gidPattern = (type: string) => new RegExp(`^gid://${traits.idNamespace}/${type}/\\d+$`);

    describe('reading one product', () => {
      it('gives gid ids, the price in cents, the stock, the tags and the description as text', async () => {
        const made = await create('2024-25 Panini Prizm Jayson Tatum #1', {
          descriptionHtml: '<p>Near <strong>mint</strong> &amp; sleeved</p>',
          tags: ['Boston Celtics', 'offer'],
          priceCents: 1250,
          quantity: 3,
        });
        const product = await commerce.getProduct(made.id);
        expect(productSchema.parse(product)).toEqual(product);
        expect(product?.id).toMatch(gidPattern('Product'));
        expect(product?.variantId).toMatch(gidPattern('ProductVariant'));
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
        expect(Number.isNaN(Date.parse(product?.createdAt ?? ''))).toBe(false);
      });

      it('finds a product by its product id and by its variant id', async () => {
        const made = await create('Luka Doncic Prizm');
        const byProduct = await commerce.getProduct(made.id);
        expect(byProduct).toEqual(made);
        expect(await commerce.getProduct(made.variantId)).toEqual(byProduct);
      });

      it('keeps the team as the first tag, with marker tags after it', async () => {
        const made = await create('Zalgiris card', { tags: ['Zalgiris Kaunas', 'offer'] });
        expect((await commerce.getProduct(made.id))?.tags).toEqual(['Zalgiris Kaunas', 'offer']);
      });

      it('gives null for unknown and malformed ids', async () => {
        await create('Existing');
        const ns = traits.idNamespace;
        for (const id of [
          `gid://${ns}/Product/999999`,
          `gid://${ns}/ProductVariant/999999`,
          `gid://${ns}/InventoryItem/1`,
          `gid://${ns}/Order/1`,
          `gid://${ns}/Product/-1`,
          `gid://${ns}/Product/1 OR 1=1`,
          'gid://other/Product/1',
          '1',
          '',
          'not an id',
        ]) {
          expect(await commerce.getProduct(id), id).toBeNull();
        }
      });
    });

    describe('recentProducts and listProducts', () => {
      it('give products newest first, by growing id', async () => {
        const created: string[] = [];
        for (let n = 1; n <= 8; n += 1) created.push((await create(`Card ${n}`)).id);
        const tails = created.map(idTail);
        expect(tails).toEqual([...tails].sort((a, b) => a - b));
        expect(new Set(tails).size).toBe(8);
        const recent = await commerce.recentProducts(6);
        expect(recent.map((product) => product.id)).toEqual(created.slice(2).reverse());
        const all = await commerce.listProducts();
        expect(all.map((product) => product.id)).toEqual([...created].reverse());
        expect(all[0]).toEqual(await commerce.getProduct(created[7] ?? ''));
      });

      it('give an empty list for an empty shop', async () => {
        expect(await commerce.listProducts()).toEqual([]);
        expect(await commerce.listProductSummaries()).toEqual([]);
        expect(await commerce.recentProducts(6)).toEqual([]);
      });

      it('listProductSummaries gives what listProducts gives, without the descriptions', async () => {
        await create('Card with a story', {
          descriptionHtml: '<p>Ένα <em>σπάνιο</em> κομμάτι</p>',
          tags: ['x'],
        });
        await create('Card without one', { priceCents: 250, quantity: 0 });
        const products = await commerce.listProducts();
        const summaries = await commerce.listProductSummaries();
        expect(products.map((product) => product.descriptionHtml)).toContain(
          '<p>Ένα <em>σπάνιο</em> κομμάτι</p>',
        );
        expect(summaries).toEqual(
          products.map(({ description: _text, descriptionHtml: _html, ...summary }) => summary),
        );
        for (const summary of summaries) {
          expect(summary).not.toHaveProperty('description');
          expect(summary).not.toHaveProperty('descriptionHtml');
        }
      });
    });

    describe('searchProducts: search words', () => {
      beforeEach(async () => {
        await create('Κάρτα Αντετοκούνμπο', { tags: ['Milwaukee Bucks'], priceCents: 500 });
        await create('Prizm Jayson Tatum', {
          tags: ['Boston Celtics'],
          descriptionHtml: '<p>Rookie <b>gold</b></p>',
        });
        await create('Select Jaylen Brown', { tags: ['Boston Celtics'] });
        await create('Mosaic Luka Dončić', { tags: ['Dallas Mavericks'] });
      });

      it.each(['ΑΝΤΕΤΟΚΟΥΝΜΠΟ', 'αντετοκουνμπο', 'Αντετοκούνμπο', 'κάρτα'])(
        '%s finds the Greek title, ignoring case and accents',
        async (text) => {
          expect(await titles({ search: text })).toEqual(['Κάρτα Αντετοκούνμπο']);
        },
      );

      it('matches team tags and the description text', async () => {
        expect(await titles({ search: 'celtics' })).toEqual(['Select Jaylen Brown', 'Prizm Jayson Tatum']);
        expect(await titles({ search: 'GOLD' })).toEqual(['Prizm Jayson Tatum']);
        expect(await titles({ search: 'doncic' })).toEqual(['Mosaic Luka Dončić']);
      });

      it('ANDs the words, across title, tags and description', async () => {
        expect(await titles({ search: 'boston rookie' })).toEqual(['Prizm Jayson Tatum']);
        expect(await titles({ search: '  celtics   brown ' })).toEqual(['Select Jaylen Brown']);
        expect(await titles({ search: 'celtics doncic' })).toEqual([]);
      });

      it('does not match across the description markup', async () => {
        expect(await titles({ search: '<b>' })).toEqual([]);
      });

      it('a blank search filters nothing', async () => {
        expect((await search({ search: '   ' })).total).toBe(4);
      });
    });

    describe('searchProducts: Greek and Latin spellings', () => {
      beforeEach(async () => {
        for (const title of [
          '2024 Panini Kostas Sloukas #7',
          'Κάρτα Αντετοκούνμπο',
          'Giannis Antetokounmpo Prizm',
        ])
          await create(title, { priceCents: 500, tags: ['Team'] });
      });

      it('finds a Latin-spelled name from the Greek a shopper types, with or without accents', async () => {
        expect(await titles({ search: 'Σλούκας', sort: 'name' })).toEqual(['2024 Panini Kostas Sloukas #7']);
        expect(await titles({ search: 'αντετοκουνμπο', sort: 'name' })).toEqual([
          'Κάρτα Αντετοκούνμπο',
          'Giannis Antetokounmpo Prizm',
        ]);
      });

      it('still needs every word to match', async () => {
        expect(await titles({ search: 'Σλουκας prizm' })).toEqual([]);
        expect(await titles({ search: 'Γιάννης prizm' })).toEqual(['Giannis Antetokounmpo Prizm']);
      });
    });

    describe('searchProducts: spellings both ways and one typo (decision 084)', () => {
      beforeEach(async () => {
        await create('2023-24 Prizm Sasha Vezenkov', { tags: ['Olympiacos'] });
        await create('Κάρτα Γιάννης Αντετοκούνμπο', { tags: ['Milwaukee Bucks'] });
        await create('Panini Kostas Sloukas', { tags: ['Παναθηναϊκός'] });
        await create('Select Giannis Antetokounmpo', {
          tags: ['Milwaukee Bucks'],
          descriptionHtml: '<p>Olympiacos fan favourite</p>',
        });
      });

      it.each(['Ολυμπιακός', 'ολυμπιακοσ', 'OLYMPIACOS', 'Olympiakos', 'olympiacos'])(
        '%s finds the team whatever the script or transcription',
        async (text) => {
          expect(await titles({ search: text, sort: 'name' })).toContain('2023-24 Prizm Sasha Vezenkov');
        },
      );

      it('finds Greek names from Latin letters and Latin names from Greek letters', async () => {
        expect(await titles({ search: 'Giannis', sort: 'name' })).toEqual([
          'Κάρτα Γιάννης Αντετοκούνμπο',
          'Select Giannis Antetokounmpo',
        ]);
        expect(await titles({ search: 'Γιάννης Αντετοκούνμπο', sort: 'name' })).toEqual([
          'Κάρτα Γιάννης Αντετοκούνμπο',
          'Select Giannis Antetokounmpo',
        ]);
        expect(await titles({ search: 'panathinaikos' })).toEqual(['Panini Kostas Sloukas']);
      });

      it('forgives one typo in a word of five letters or more, and ranks exact matches first', async () => {
        expect(await titles({ search: 'Antetokounpo', sort: 'name' })).toEqual([
          'Κάρτα Γιάννης Αντετοκούνμπο',
          'Select Giannis Antetokounmpo',
        ]);
        expect(await titles({ search: 'Vezenkob' })).toEqual(['2023-24 Prizm Sasha Vezenkov']);
        // Two typos: 'slaukos' for 'sloukas'.
        expect(await titles({ search: 'slaukos' })).toEqual([]);
        await create('Prizm Kostas Sloukaz');
        expect(await titles({ search: 'sloukas', sort: 'oldest' })).toEqual([
          'Panini Kostas Sloukas',
          'Prizm Kostas Sloukaz',
        ]);
        expect(await titles({ search: 'sloukaz', sort: 'oldest' })).toEqual([
          'Prizm Kostas Sloukaz',
          'Panini Kostas Sloukas',
        ]);
      });

      it('keeps short words exact: no typo under five letters', async () => {
        expect(await titles({ search: 'Sasa' })).toEqual([]);
        expect(await titles({ search: 'Sasha' })).toEqual(['2023-24 Prizm Sasha Vezenkov']);
      });

      it("searches only titles and team tags where asked (the dashboard's list)", async () => {
        expect(await titles({ search: 'olympiacos', sort: 'name' })).toEqual([
          '2023-24 Prizm Sasha Vezenkov',
          'Select Giannis Antetokounmpo',
        ]);
        expect(await titles({ search: 'olympiacos', searchIn: 'names' })).toEqual([
          '2023-24 Prizm Sasha Vezenkov',
        ]);
        expect(await titles({ search: 'favourite', searchIn: 'names' })).toEqual([]);
        expect(await titles({ search: 'bucks select', searchIn: 'names' })).toEqual([
          'Select Giannis Antetokounmpo',
        ]);
      });
    });

    describe('searchProducts: special characters match literally', () => {
      beforeEach(async () => {
        await create('100% Authentic Autograph');
        await create('1000 Point Club');
        await create('Base_Card Holo');
        await create('BaseXCard Holo');
        await create('Back\\slash card');
      });

      it('"%", "_" and "\\" are themselves', async () => {
        expect(await titles({ search: '100%' })).toEqual(['100% Authentic Autograph']);
        expect(await titles({ search: '%' })).toEqual(['100% Authentic Autograph']);
        expect(await titles({ search: 'base_card' })).toEqual(['Base_Card Holo']);
        expect(await titles({ search: '_' })).toEqual(['Base_Card Holo']);
        expect(await titles({ titleContains: 'e_c' })).toEqual(['Base_Card Holo']);
        expect(await titles({ search: 'k\\s' })).toEqual(['Back\\slash card']);
      });
    });

    describe('searchProducts: filters', () => {
      beforeEach(async () => {
        await create('Prizm Jayson Tatum', { tags: ['Boston Celtics'], priceCents: 500 });
        await create('Select Jaylen Brown', { tags: ['Boston Celtics', 'offer'], priceCents: 1000 });
        await create('Optic Jimmy Butler', { tags: ['Miami Heat'], priceCents: 1999, productType: 'LOT' });
        await create('Donruss Josh Allen', {
          tags: ['Buffalo Bills', 'offer'],
          priceCents: 2000,
          productType: '',
        });
        await create('Untagged Tatum insert', { priceCents: 2500 });
      });

      it('teams: any of the tags, case-insensitive', async () => {
        expect(await titles({ teams: ['boston celtics'] })).toEqual([
          'Select Jaylen Brown',
          'Prizm Jayson Tatum',
        ]);
        expect(await titles({ teams: ['MIAMI HEAT', 'Buffalo Bills'] })).toEqual([
          'Donruss Josh Allen',
          'Optic Jimmy Butler',
        ]);
        expect(await titles({ teams: ['Boston'] })).toEqual([]);
      });

      it('teams: a product with two matching tags comes once', async () => {
        await create('Two team card', { tags: ['Boston Celtics', 'Miami Heat'] });
        const page = await search({ teams: ['Boston Celtics', 'Miami Heat'] });
        expect(page.total).toBe(4);
        expect(page.products.map((product) => product.title)).toEqual([
          'Two team card',
          'Optic Jimmy Butler',
          'Select Jaylen Brown',
          'Prizm Jayson Tatum',
        ]);
      });

      it('an empty teams list returns nothing', async () => {
        expect(await search({ teams: [] })).toEqual({
          products: [],
          total: 0,
          page: 1,
          pageSize: 100,
          pageCount: 1,
        });
      });

      it('titleContains: the player name inside the title, case-insensitive', async () => {
        expect(await titles({ titleContains: 'TATUM' })).toEqual([
          'Untagged Tatum insert',
          'Prizm Jayson Tatum',
        ]);
        expect(await titles({ titleContains: 'tatum', teams: ['Boston Celtics'] })).toEqual([
          'Prizm Jayson Tatum',
        ]);
        expect(await titles({ titleContains: 'Boston' })).toEqual([]);
      });

      it('min and max price are inclusive, in cents', async () => {
        expect(await titles({ minPriceCents: 1000, maxPriceCents: 2000 })).toEqual([
          'Donruss Josh Allen',
          'Optic Jimmy Butler',
          'Select Jaylen Brown',
        ]);
        expect(await titles({ minPriceCents: 2000 })).toEqual([
          'Untagged Tatum insert',
          'Donruss Josh Allen',
        ]);
        expect(await titles({ maxPriceCents: 500 })).toEqual(['Prizm Jayson Tatum']);
        expect(await titles({ minPriceCents: 0, maxPriceCents: 0 })).toEqual([]);
        expect(await titles({ minPriceCents: 2001, maxPriceCents: 1999 })).toEqual([]);
      });

      it.runIf(traits.unpricedProducts)('a product without a price never matches a price range', async () => {
        await create('Priceless card', { priceCents: null });
        expect(await titles({ minPriceCents: 0 })).not.toContain('Priceless card');
        expect(await titles({ maxPriceCents: 100_000 })).not.toContain('Priceless card');
        expect(await titles()).toContain('Priceless card');
      });

      it('productType and tag', async () => {
        expect(await titles({ productType: 'LOT' })).toEqual(['Optic Jimmy Butler']);
        expect(await titles({ tag: 'OFFER' })).toEqual(['Donruss Josh Allen', 'Select Jaylen Brown']);
        expect(await titles({ tag: 'offer', productType: 'Card' })).toEqual(['Select Jaylen Brown']);
      });

      it('kind: packs and LOTs by exact title or type, cards neither; offer; stock bounds (decision 089)', async () => {
        await create('15x BASE Cards MYSTERY PACK', { productType: '', quantity: 0 });
        await create('5x AUTO Cards MYSTERY PACK', { productType: 'Mystery Pack', quantity: 5 });
        expect(await titles({ kind: 'mystery-pack' })).toEqual([
          '5x AUTO Cards MYSTERY PACK',
          '15x BASE Cards MYSTERY PACK',
        ]);
        expect(await titles({ kind: 'lot' })).toEqual(['Optic Jimmy Butler']);
        expect(await titles({ kind: 'card' })).toEqual([
          'Untagged Tatum insert',
          'Donruss Josh Allen',
          'Select Jaylen Brown',
          'Prizm Jayson Tatum',
        ]);
        expect(await titles({ offer: true })).toEqual(['Donruss Josh Allen', 'Select Jaylen Brown']);
        expect(await titles({ offer: false, kind: 'card' })).toEqual([
          'Untagged Tatum insert',
          'Prizm Jayson Tatum',
        ]);
        expect(await titles({ stock: { max: 0 } })).toEqual(['15x BASE Cards MYSTERY PACK']);
        expect(await titles({ stock: { min: 3 } })).toEqual(['5x AUTO Cards MYSTERY PACK']);
        expect((await search({ stock: { min: 1, max: 2 } })).total).toBe(5);
      });

      it('titles: exact titles only; an empty list returns nothing', async () => {
        expect(
          await titles({ titles: ['Optic Jimmy Butler', 'Prizm Jayson', 'prizm jayson tatum'] }),
        ).toEqual(['Optic Jimmy Butler']);
        expect((await search({ titles: [] })).total).toBe(0);
      });

      it('combines every filter', async () => {
        expect(
          await titles({
            search: 'select',
            teams: ['Boston Celtics'],
            titleContains: 'brown',
            minPriceCents: 1000,
            maxPriceCents: 1000,
            productType: 'Card',
            tag: 'offer',
            titles: ['Select Jaylen Brown'],
          }),
        ).toEqual(['Select Jaylen Brown']);
      });
    });

    describe('searchProducts: sorts', () => {
      let made: Product[];
      beforeEach(async () => {
        made = [
          await create('Βήτα κάρτα', { priceCents: 700 }),
          await create('alpha card', { priceCents: 300 }),
          await create('Άλφα κάρτα', { priceCents: 0 }),
          await create('Zeta card', { priceCents: 300 }),
          await create('Έψιλον κάρτα', { priceCents: traits.unpricedProducts ? null : 5000 }),
          await create('Omega card', { priceCents: 900 }),
        ];
      });
      const last = traits.unpricedProducts ? 'no price last' : 'the dearest last';

      it('newest and oldest by numeric id', async () => {
        const ids = made.map((product) => product.id);
        expect((await search({ sort: 'newest' })).products.map((product) => product.id)).toEqual(
          [...ids].reverse(),
        );
        expect((await search({ sort: 'oldest' })).products.map((product) => product.id)).toEqual(ids);
      });

      it('newest compares ids as numbers, past any digit count', async () => {
        for (let index = 0; index < 6; index++) await create(`Filler ${index}`);
        const tails = (await search({ sort: 'newest', pageSize: 3 })).products.map((product) =>
          idTail(product.id),
        );
        const all = (await commerce.listProducts())
          .map((product) => idTail(product.id))
          .sort((a, b) => b - a);
        expect(tails).toEqual(all.slice(0, 3));
      });

      it('name: the Greek locale order, accents and case ignored, Greek before Latin', async () => {
        const expected = [
          'Άλφα κάρτα',
          'Βήτα κάρτα',
          'Έψιλον κάρτα',
          'alpha card',
          'Omega card',
          'Zeta card',
        ];
        expect(await titles({ sort: 'name' })).toEqual(expected);
        expect([...expected].sort(new Intl.Collator('el', { sensitivity: 'base' }).compare)).toEqual(
          expected,
        );
      });

      it(`price-asc: cheapest first, ties newest first, ${last}`, async () => {
        expect(await titles({ sort: 'price-asc' })).toEqual([
          'Άλφα κάρτα',
          'Zeta card',
          'alpha card',
          'Βήτα κάρτα',
          'Omega card',
          'Έψιλον κάρτα',
        ]);
      });

      it('price-desc: dearest first, ties newest first', async () => {
        const expected = ['Omega card', 'Βήτα κάρτα', 'Zeta card', 'alpha card', 'Άλφα κάρτα'];
        // Without a price a product still comes last; with one it is the dearest here.
        expect(await titles({ sort: 'price-desc' })).toEqual(
          traits.unpricedProducts ? [...expected, 'Έψιλον κάρτα'] : ['Έψιλον κάρτα', ...expected],
        );
      });
    });

    describe('searchProducts: paging', () => {
      beforeEach(async () => {
        for (let index = 1; index <= 7; index++) await create(`Card ${index}`);
      });

      it('reports total, pageCount, page and pageSize', async () => {
        const page = await search({ sort: 'oldest', page: 2, pageSize: 3 });
        expect(page).toMatchObject({ total: 7, page: 2, pageSize: 3, pageCount: 3 });
        expect(page.products.map((product) => product.title)).toEqual(['Card 4', 'Card 5', 'Card 6']);
      });

      it('clamps a page past the end to the last page, and below 1 to page 1', async () => {
        const late = await search({ sort: 'oldest', page: 99, pageSize: 3 });
        expect(late).toMatchObject({ page: 3, pageCount: 3, total: 7 });
        expect(late.products.map((product) => product.title)).toEqual(['Card 7']);
        const early = await search({ sort: 'oldest', page: 0, pageSize: 3 });
        expect(early.page).toBe(1);
        expect(early.products).toHaveLength(3);
      });

      it('an exact multiple has no empty extra page', async () => {
        await create('Card 8');
        await create('Card 9');
        expect(await search({ pageSize: 3 })).toMatchObject({ total: 9, pageCount: 3 });
      });

      it('no results is one empty page', async () => {
        expect(await search({ search: 'nothing-like-this', page: 4, pageSize: 3 })).toEqual({
          products: [],
          total: 0,
          page: 1,
          pageSize: 3,
          pageCount: 1,
        });
      });

      it('the total counts the filtered products, not the page', async () => {
        const page = await search({ search: 'card', pageSize: 2 });
        expect(page.total).toBe(7);
        expect(page.products).toHaveLength(2);
      });
    });
  });
}

/** The embedded engine's harness, on either database. */
export async function engineCommerceHarness(open: () => Promise<TestCatalogue>): Promise<CommerceHarness> {
  const { commerce, store, close } = await open();
  return {
    commerce,
    async seed({ priceCents, ...product }) {
      const created = await commerce.createProduct({
        ...product,
        priceCents: priceCents ?? 0,
        quantity: product.quantity ?? 1,
      });
      if (priceCents !== null) return created.product;
      // An unpriced product, as an imported catalogue may hold (the admin form always sets a price).
      const id = Number(created.product.id.split('/').pop());
      await store.db
        .updateTable('variants')
        .set({ price_cents: null })
        .where('product_id', '=', id)
        .execute();
      return (await commerce.getProduct(created.product.id)) ?? created.product;
    },
    close,
  };
}
