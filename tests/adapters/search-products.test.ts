import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogPage, CatalogQuery, Product, ProductInput } from '../../src/ports/commerce.ts';
import type { Container } from '../../src/server/container.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

let shop: TempShop;
let commerce: Container['commerce'];

beforeEach(() => {
  shop = openTempShop();
  commerce = shop.container.commerce;
});

afterEach(() => {
  shop.remove();
});

async function create(title: string, overrides: Partial<ProductInput> = {}): Promise<Product> {
  const { product } = await commerce.createProduct({
    title,
    descriptionHtml: '',
    tags: [],
    productType: 'Card',
    priceCents: 1000,
    quantity: 1,
    ...overrides,
  });
  return product;
}

/** A product without a price, as an imported catalogue may hold (the admin form always sets one). */
function clearPrice(product: Product): void {
  const id = Number(product.id.split('/').pop());
  shop.container.engine.sqlite.prepare('UPDATE variants SET price_cents = NULL WHERE product_id = ?').run(id);
}

const search = (query: Partial<CatalogQuery> = {}): Promise<CatalogPage> =>
  commerce.searchProducts({ sort: 'newest', page: 1, pageSize: 100, ...query });

const titles = async (query: Partial<CatalogQuery> = {}) =>
  (await search(query)).products.map((product) => product.title);

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

describe('searchProducts: LIKE wildcards match literally', () => {
  beforeEach(async () => {
    await create('100% Authentic Autograph');
    await create('1000 Point Club');
    await create('Base_Card Holo');
    await create('BaseXCard Holo');
    await create('Back\\slash card');
  });

  it('"%" is a percent sign', async () => {
    expect(await titles({ search: '100%' })).toEqual(['100% Authentic Autograph']);
    expect(await titles({ search: '%' })).toEqual(['100% Authentic Autograph']);
  });

  it('"_" is an underscore', async () => {
    expect(await titles({ search: 'base_card' })).toEqual(['Base_Card Holo']);
    expect(await titles({ search: '_' })).toEqual(['Base_Card Holo']);
    expect(await titles({ titleContains: 'e_c' })).toEqual(['Base_Card Holo']);
  });

  it('"\\" is a backslash', async () => {
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
    expect(await titles({ titleContains: 'TATUM' })).toEqual(['Untagged Tatum insert', 'Prizm Jayson Tatum']);
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
    expect(await titles({ minPriceCents: 2000 })).toEqual(['Untagged Tatum insert', 'Donruss Josh Allen']);
    expect(await titles({ maxPriceCents: 500 })).toEqual(['Prizm Jayson Tatum']);
    expect(await titles({ minPriceCents: 0, maxPriceCents: 0 })).toEqual([]);
    expect(await titles({ minPriceCents: 2001, maxPriceCents: 1999 })).toEqual([]);
  });

  it('a product without a price never matches a price range', async () => {
    const free = await create('Priceless card', { priceCents: 0 });
    clearPrice(free);
    expect(await titles({ minPriceCents: 0 })).not.toContain('Priceless card');
    expect(await titles({ maxPriceCents: 100_000 })).not.toContain('Priceless card');
    expect(await titles()).toContain('Priceless card');
  });

  it('productType and tag', async () => {
    expect(await titles({ productType: 'LOT' })).toEqual(['Optic Jimmy Butler']);
    expect(await titles({ tag: 'OFFER' })).toEqual(['Donruss Josh Allen', 'Select Jaylen Brown']);
    expect(await titles({ tag: 'offer', productType: 'Card' })).toEqual(['Select Jaylen Brown']);
  });

  it('titles: exact titles only; an empty list returns nothing', async () => {
    expect(await titles({ titles: ['Optic Jimmy Butler', 'Prizm Jayson', 'prizm jayson tatum'] })).toEqual([
      'Optic Jimmy Butler',
    ]);
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
      await create('Έψιλον χωρίς τιμή', { priceCents: 100 }),
      await create('Omega card', { priceCents: 900 }),
    ];
    clearPrice(made[4] as Product);
  });

  it('newest and oldest by numeric id', async () => {
    const ids = made.map((product) => product.id);
    expect((await search({ sort: 'newest' })).products.map((product) => product.id)).toEqual(
      [...ids].reverse(),
    );
    expect((await search({ sort: 'oldest' })).products.map((product) => product.id)).toEqual(ids);
  });

  it('newest compares ids as numbers past 9', async () => {
    for (let index = 0; index < 6; index++) await create(`Filler ${index}`);
    const page = await search({ sort: 'newest', pageSize: 3 });
    const tails = page.products.map((product) => Number(product.id.split('/').pop()));
    expect(tails).toEqual([12, 11, 10]);
  });

  it('name: the Greek locale order, accents and case ignored, Greek before Latin', async () => {
    const expected = [
      'Άλφα κάρτα',
      'Βήτα κάρτα',
      'Έψιλον χωρίς τιμή',
      'alpha card',
      'Omega card',
      'Zeta card',
    ];
    expect(await titles({ sort: 'name' })).toEqual(expected);
    // The same order Intl.Collator gives for Greek.
    expect([...expected].sort(new Intl.Collator('el', { sensitivity: 'base' }).compare)).toEqual(expected);
  });

  it('price-asc: cheapest first, ties newest first, no price last', async () => {
    expect(await titles({ sort: 'price-asc' })).toEqual([
      'Άλφα κάρτα',
      'Zeta card',
      'alpha card',
      'Βήτα κάρτα',
      'Omega card',
      'Έψιλον χωρίς τιμή',
    ]);
  });

  it('price-desc: dearest first, no price still last', async () => {
    expect(await titles({ sort: 'price-desc' })).toEqual([
      'Omega card',
      'Βήτα κάρτα',
      'Zeta card',
      'alpha card',
      'Άλφα κάρτα',
      'Έψιλον χωρίς τιμή',
    ]);
    const last = (await search({ sort: 'price-desc' })).products.at(-1);
    expect(last?.priceCents).toBeNull();
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

  it('the last page holds the rest', async () => {
    const page = await search({ sort: 'oldest', page: 3, pageSize: 3 });
    expect(page.products.map((product) => product.title)).toEqual(['Card 7']);
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
