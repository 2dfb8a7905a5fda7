import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filteredProducts, sortedPage } from '../../src/adapters/commerce-local/search-products.ts';
import { type CardFacts, EMPTY_FACTS } from '../../src/domain/card-facts/facts.ts';
import type { FactFilter } from '../../src/domain/card-facts/filter.ts';
import type { CatalogQuery } from '../../src/domain/catalog/query.ts';
import { isAppError } from '../../src/domain/errors.ts';
import type { CommercePort } from '../../src/ports/commerce.ts';
import { openTestCatalogue, type TestCatalogue } from '../helpers/catalogue.ts';
import { DATABASES } from '../helpers/databases.ts';
import { queryPlan } from '../helpers/query-plan.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

async function create(commerce: CommercePort, title: string, facts: Partial<CardFacts>) {
  const { product } = await commerce.createProduct({
    title,
    tags: ['Boston Celtics'],
    productType: 'Card',
    priceCents: 1000,
    quantity: 1,
    facts: { ...EMPTY_FACTS, ...facts },
  });
  return product;
}

/** Six cards with some of every fact. */
async function seedCards(commerce: CommercePort) {
  await create(commerce, 'A psa10 auto', {
    year: '2018-19',
    manufacturer: 'Panini',
    set: 'Prizm',
    autograph: true,
    grader: 'PSA',
    grade: 10,
  });
  await create(commerce, 'B psa9 auto rc', {
    year: '2020-21',
    autograph: true,
    rookie: true,
    grader: 'PSA',
    grade: 9,
  });
  await create(commerce, 'C bgs10 patch /25', {
    year: '2023',
    manufacturer: 'Topps',
    set: 'Chrome',
    patch: true,
    printRun: 25,
    serialNumber: 3,
    grader: 'BGS',
    grade: 10,
  });
  await create(commerce, 'D raw nm /199', {
    year: '2024-25',
    grader: 'RAW',
    condition: 'NEAR_MINT',
    printRun: 199,
  });
  await create(commerce, 'E raw good', { condition: 'GOOD', grader: 'RAW' });
  await create(commerce, 'F nothing', {});
}

describe.each(DATABASES)('card facts on the local engine, on %s', (_, openDatabase) => {
  let catalogue: TestCatalogue;
  beforeEach(async () => {
    catalogue = await openTestCatalogue(openDatabase);
  });
  afterEach(async () => {
    await catalogue.close();
  });

  const commerce = () => catalogue.commerce;
  const titles = async (facts: FactFilter, sort: CatalogQuery['sort'] = 'newest') =>
    (await commerce().searchProducts({ sort, page: 1, pageSize: 25, facts })).products.map((p) => p.title);

  it('stores and reads back every fact, and an edit replaces them', async () => {
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
      grade: 9,
      condition: null,
      certNumber: '0012345678',
    };
    const product = await create(commerce(), 'Luka Doncic Prizm', facts);
    expect(product.facts).toEqual(facts);
    const { product: edited } = await commerce().updateProduct(product.id, {
      title: 'Luka Doncic Prizm',
      tags: ['Boston Celtics'],
      priceCents: 1000,
      quantity: 1,
    });
    expect(edited.facts).toEqual(EMPTY_FACTS);
  });

  it('refuses facts that break a rule, naming the field, and writes nothing', async () => {
    const before = await commerce().listProducts();
    const error = await create(commerce(), 'Bad', { grader: 'PSA', grade: 11 }).catch(
      (problem: unknown) => problem,
    );
    expect(isAppError(error) && error.kind === 'invalid' && error.fields['facts.grade']).toBeTruthy();
    const serial = await create(commerce(), 'Bad', { serialNumber: 100, printRun: 99 }).catch(
      (problem: unknown) => problem,
    );
    expect(isAppError(serial) && serial.fields['facts.serialNumber']).toBeTruthy();
    expect(await commerce().listProducts()).toEqual(before);
  });

  describe('filters', () => {
    beforeEach(() => seedCards(commerce()));

    it('PSA 10 autographs', async () => {
      expect(await titles({ grader: 'PSA', minGrade: 10, autograph: true })).toEqual(['A psa10 auto']);
    });

    it('each fact on its own', async () => {
      expect(await titles({ rookie: true })).toEqual(['B psa9 auto rc']);
      expect(await titles({ autograph: true })).toEqual(['B psa9 auto rc', 'A psa10 auto']);
      expect(await titles({ patch: true })).toEqual(['C bgs10 patch /25']);
      expect(await titles({ numbered: true })).toEqual(['D raw nm /199', 'C bgs10 patch /25']);
      expect(await titles({ numbered: true, maxPrintRun: 99 })).toEqual(['C bgs10 patch /25']);
      expect(await titles({ minGrade: 10 })).toEqual(['C bgs10 patch /25', 'A psa10 auto']);
      expect(await titles({ grader: 'RAW' })).toEqual(['E raw good', 'D raw nm /199']);
      expect(await titles({ minCondition: 'NEAR_MINT' })).toEqual(['D raw nm /199']);
      expect(await titles({ minCondition: 'GOOD' })).toEqual(['E raw good', 'D raw nm /199']);
      expect(await titles({ manufacturer: 'PANINI' })).toEqual(['A psa10 auto']);
      expect(await titles({ set: 'chrome' })).toEqual(['C bgs10 patch /25']);
      expect(await titles({ yearFrom: 2020, yearTo: 2023 })).toEqual(['C bgs10 patch /25', 'B psa9 auto rc']);
      expect(await titles({ yearFrom: 2024 })).toEqual(['D raw nm /199']);
    });

    it('combine with sorts', async () => {
      expect(await titles({ autograph: true }, 'oldest')).toEqual(['A psa10 auto', 'B psa9 auto rc']);
    });
  });
});

describe('card facts on SQLite: every filter reads its own index', () => {
  let shop: TempShop;
  beforeEach(async () => {
    shop = openTempShop();
    await seedCards(shop.container.commerce);
  });
  afterEach(() => {
    shop.remove();
  });

  function pagePlan(facts: FactFilter, sort: CatalogQuery['sort'] = 'newest'): string {
    const query: CatalogQuery = { sort, page: 1, pageSize: 25, facts };
    const base = filteredProducts(shop.engine, query);
    if (!base) throw new Error('the query matches nothing');
    return queryPlan(shop.engine.sqlite, sortedPage(base, sort, 1, 25).compile());
  }

  it.each([
    [{ autograph: true }, 'products_autographs'],
    [{ rookie: true }, 'products_rookies'],
    [{ patch: true }, 'products_patches'],
  ] as const)('%o sorted newest walks its partial index with no sort', (filter, index) => {
    const plan = pagePlan(filter);
    expect(plan).toContain(index);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it.each([
    [{ grader: 'PSA', minGrade: 10 }, 'products_by_grader'],
    [{ numbered: true, maxPrintRun: 99 }, 'products_numbered'],
    [{ yearFrom: 2018, yearTo: 2019 }, 'products_by_year'],
    [{ manufacturer: 'panini' }, 'products_by_maker'],
    [{ set: 'prizm' }, 'products_by_set'],
    [{ minCondition: 'NEAR_MINT' }, 'products_by_condition'],
  ] as const)('%o reads its index', (filter, index) => {
    expect(pagePlan(filter as FactFilter)).toContain(index);
  });
});
