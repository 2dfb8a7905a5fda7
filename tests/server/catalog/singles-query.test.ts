import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../../src/domain/catalog/category.ts';
import type { ProductInput } from '../../../src/domain/catalog/product.ts';
import { AppError } from '../../../src/domain/errors.ts';
import {
  parseSinglesParams,
  SINGLES_PAGE_SIZE,
  searchSingles,
  teamsOfSport,
} from '../../../src/server/catalog/singles-query.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

const player = (name: string) => ({ name, image: '/images/default-player.svg' });
const CATEGORIES: Category[] = [
  {
    id: 'nba-atlantic',
    name: 'Atlantic',
    teams: [{ name: 'Boston Celtics', image: '', players: [player('Jayson Tatum'), player('Jaylen Brown')] }],
  },
  {
    id: 'nba-southeast',
    name: 'Southeast',
    teams: [{ name: 'Miami Heat', image: '', players: [player('Jimmy Butler')] }],
  },
  {
    id: 'nfl-afc-east',
    name: 'AFC East',
    teams: [{ name: 'Buffalo Bills', image: '', players: [player('Josh Allen')] }],
  },
  {
    id: 'euroleague',
    name: 'Euroleague',
    teams: [{ name: 'Olympiacos', image: '', players: [player('Sasha Vezenkov')] }],
  },
];

let shop: TempShop;

beforeEach(async () => {
  shop = openTempShop();
  for (const category of CATEGORIES) await shop.container.documents.putCategory(category);
});

afterEach(() => {
  shop.remove();
});

async function create(title: string, overrides: Partial<ProductInput> = {}) {
  const { product } = await shop.container.commerce.createProduct({
    title,
    productType: 'Card',
    priceCents: 1000,
    quantity: 1,
    ...overrides,
  });
  return product;
}

const parse = (query: string) => parseSinglesParams(new URLSearchParams(query));

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('parseSinglesParams', () => {
  it('defaults everything for an empty query', () => {
    expect(parse('')).toEqual({
      search: undefined,
      category: undefined,
      team: undefined,
      player: undefined,
      min: undefined,
      max: undefined,
      sort: 'newest',
      page: 1,
      facts: {},
    });
  });

  it('reads the card-fact filters', () => {
    expect(
      parse(
        'from=2018&to=2020&maker=Panini&set=Prizm&rc=1&auto=1&patch=1&numbered=99&grader=psa&grade=9,5&condition=near-mint',
      ).facts,
    ).toEqual({
      yearFrom: 2018,
      yearTo: 2020,
      manufacturer: 'Panini',
      set: 'Prizm',
      rookie: true,
      autograph: true,
      patch: true,
      numbered: true,
      maxPrintRun: 99,
      grader: 'PSA',
      minGrade: 9.5,
      minCondition: 'NEAR_MINT',
    });
    expect(parse('numbered=any&rc=0&grader=XYZ&condition=shiny').facts).toEqual({ numbered: true });
  });

  it.each([
    ['from=18', 'Η χρονιά πρέπει να είναι έτος από 1869 έως 2100 (π.χ. 2018).'],
    ['to=abcd', 'Η χρονιά πρέπει να είναι έτος από 1869 έως 2100 (π.χ. 2018).'],
    ['from=2020&to=2018', 'Η χρονιά «από» δεν μπορεί να είναι μετά τη χρονιά «έως».'],
    ['grade=11', 'Ο βαθμός πρέπει να είναι αριθμός από 1 έως 10.'],
    ['grade=x', 'Ο βαθμός πρέπει να είναι αριθμός από 1 έως 10.'],
  ])('refuses %s with a Greek message', (query, message) => {
    const error = thrown(() => parse(query));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(message);
  });

  it('reads every filter, the sport case-insensitively and prices as cents', () => {
    expect(
      parse(
        'search=%20prizm%20&category=nba&team=Boston%20Celtics&player=Tatum&min=5&max=20,5&sort=price-desc&page=3',
      ),
    ).toEqual({
      search: 'prizm',
      category: 'NBA',
      team: 'Boston Celtics',
      player: 'Tatum',
      min: 500,
      max: 2050,
      sort: 'price-desc',
      page: 3,
      facts: {},
    });
  });

  it('ignores an unknown sport, sort or page', () => {
    expect(parse('category=cricket&sort=random&page=abc')).toMatchObject({
      category: undefined,
      sort: 'newest',
      page: 1,
    });
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-3').page).toBe(1);
  });

  it.each(['min=abc', 'max=abc', 'min=-1', 'max=12,505', 'min=1.2.3'])('refuses %s as invalid', (query) => {
    const error = thrown(() => parse(query));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('invalid');
  });

  it('empty prices are no bound', () => {
    expect(parse('min=&max=')).toMatchObject({ min: undefined, max: undefined });
  });
});

describe('teamsOfSport', () => {
  it('lists the teams of the categories of one sport', () => {
    expect(teamsOfSport(CATEGORIES, 'NBA')).toEqual(['Boston Celtics', 'Miami Heat']);
    expect(teamsOfSport(CATEGORIES, 'NFL')).toEqual(['Buffalo Bills']);
    expect(teamsOfSport(CATEGORIES, 'SOCCER')).toEqual([]);
    expect(teamsOfSport(CATEGORIES, 'nba')).toEqual([]);
  });
});

describe('searchSingles', () => {
  beforeEach(async () => {
    await create('Prizm Jayson Tatum', { tags: ['Boston Celtics'], priceCents: 500 });
    await create('Select Jaylen Brown', { tags: ['boston celtics'], priceCents: 2000 });
    await create('Optic Jimmy Butler', { tags: ['Miami Heat'], priceCents: 1200 });
    await create('Cheap Butler', { tags: ['Miami Heat'], priceCents: 499 });
    await create('Dear Tatum', { tags: ['Boston Celtics'], priceCents: 2001 });
    await create('Donruss Josh Allen', { tags: ['Buffalo Bills'], priceCents: 1000 });
    await create('Vezenkov auto', { tags: ['Olympiacos'], priceCents: 1500 });
  });

  it('category=NBA&min=5&max=20: only NBA-team products in the range, inclusive', async () => {
    const page = await searchSingles(shop.container, parse('category=NBA&min=5&max=20'));
    expect(page.products.map((product) => product.title)).toEqual([
      'Optic Jimmy Butler',
      'Select Jaylen Brown',
      'Prizm Jayson Tatum',
    ]);
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1, pageSize: SINGLES_PAGE_SIZE });
  });

  it('a team narrows the sport; a player narrows the team by title', async () => {
    const team = await searchSingles(shop.container, parse('category=NBA&team=Boston%20Celtics'));
    expect(team.products.map((product) => product.title)).toEqual([
      'Dear Tatum',
      'Select Jaylen Brown',
      'Prizm Jayson Tatum',
    ]);
    const player = await searchSingles(
      shop.container,
      parse('category=NBA&team=Boston%20Celtics&player=Jayson%20Tatum'),
    );
    expect(player.products.map((product) => product.title)).toEqual(['Prizm Jayson Tatum']);
  });

  it('a sport with no teams in the documents returns nothing', async () => {
    const page = await searchSingles(shop.container, parse('category=SOCCER'));
    expect(page.total).toBe(0);
  });

  it('no filters: the whole catalogue, newest first, 25 a page', async () => {
    for (let index = 0; index < 25; index++) await create(`Filler ${index}`, { tags: ['Miami Heat'] });
    const first = await searchSingles(shop.container, parse(''));
    expect(first).toMatchObject({ total: 32, pageCount: 2, page: 1 });
    expect(first.products).toHaveLength(25);
    expect(first.products[0]?.title).toBe('Filler 24');
    const second = await searchSingles(shop.container, parse('page=2'));
    expect(second.products.map((product) => product.title)).toEqual([
      'Vezenkov auto',
      'Donruss Josh Allen',
      'Dear Tatum',
      'Cheap Butler',
      'Optic Jimmy Butler',
      'Select Jaylen Brown',
      'Prizm Jayson Tatum',
    ]);
    expect(second.products.at(-1)?.title).toBe('Prizm Jayson Tatum');
  });

  it('search, sort and price together', async () => {
    const page = await searchSingles(shop.container, parse('search=celtics&sort=price-asc&max=20'));
    expect(page.products.map((product) => product.title)).toEqual([
      'Prizm Jayson Tatum',
      'Select Jaylen Brown',
    ]);
  });

  it('follows a category change without a restart', async () => {
    await shop.container.documents.putCategory({
      id: 'nfl-afc-east',
      name: 'AFC East',
      teams: [
        { name: 'Buffalo Bills', image: '', players: [] },
        { name: 'Miami Dolphins', image: '', players: [] },
      ],
    });
    await create('Tua Tagovailoa', { tags: ['Miami Dolphins'] });
    const page = await searchSingles(shop.container, parse('category=nfl'));
    expect(page.products.map((product) => product.title)).toEqual(['Tua Tagovailoa', 'Donruss Josh Allen']);
  });
});
