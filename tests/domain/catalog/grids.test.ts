import { describe, expect, it } from 'vitest';
import {
  GRID_FILTERS,
  gridAddQuantity,
  gridCards,
  isGridKind,
  isLot,
  isMysteryPack,
  isOffer,
} from '../../../src/domain/catalog/grids.ts';
import { LOT_TITLES, MYSTERY_PACK_TITLES } from '../../../src/domain/catalog/title-lists.ts';
import { aProduct } from '../../helpers/product.ts';

const product = aProduct;

const [baseTitle, rookieTitle] = MYSTERY_PACK_TITLES;
const lotTitle = LOT_TITLES[0] ?? '';

describe('isMysteryPack', () => {
  it('takes exactly the two mystery pack titles', () => {
    expect(isMysteryPack(product({ title: baseTitle }))).toBe(true);
    expect(isMysteryPack(product({ title: rookieTitle }))).toBe(true);
  });

  it('refuses near misses of a title: case, spacing, extra words', () => {
    expect(isMysteryPack(product({ title: baseTitle.toLowerCase() }))).toBe(false);
    expect(isMysteryPack(product({ title: ` ${baseTitle}` }))).toBe(false);
    expect(isMysteryPack(product({ title: `${baseTitle} 2` }))).toBe(false);
  });

  it('takes any title of the type Mystery Pack, as the dashboard saves a new pack (decision 089)', () => {
    expect(isMysteryPack(product({ title: '5x AUTO Cards MYSTERY PACK', productType: 'Mystery Pack' }))).toBe(
      true,
    );
    expect(isMysteryPack(product({ title: '5x AUTO Cards MYSTERY PACK', productType: 'mystery pack' }))).toBe(
      false,
    );
  });
});

describe('isLot', () => {
  it('takes titles from the LOT list, whatever the product type', () => {
    expect(isLot(product({ title: lotTitle, productType: 'LOT' }))).toBe(true);
    expect(isLot(product({ title: lotTitle, productType: '' }))).toBe(true);
  });

  it('refuses other titles of another type', () => {
    expect(isLot(product({ title: 'Someone Else LOT', productType: 'Card' }))).toBe(false);
    expect(isLot(product({ title: lotTitle.toUpperCase() }))).toBe(false);
  });

  it('takes any title of the type LOT, as the dashboard saves a new LOT (decision 089)', () => {
    expect(isLot(product({ title: 'Someone Else LOT', productType: 'LOT' }))).toBe(true);
  });
});

describe('isOffer', () => {
  it('needs the offer tag and productType Card together', () => {
    expect(isOffer(product({ tags: ['Olympiacos', 'offer'], productType: 'Card' }))).toBe(true);
    expect(isOffer(product({ tags: ['Olympiacos'], productType: 'Card' }))).toBe(false);
    expect(isOffer(product({ tags: ['offer'], productType: 'LOT' }))).toBe(false);
    expect(isOffer(product({ tags: ['offer'], productType: 'card' }))).toBe(false);
  });

  it('compares the tag as the catalogue filter does (case ignored), not by substring', () => {
    expect(isOffer(product({ tags: ['Offer'] }))).toBe(true);
    expect(isOffer(product({ tags: ['offers'] }))).toBe(false);
    expect(isOffer(product({ tags: ['special offer'] }))).toBe(false);
  });
});

describe('gridCards', () => {
  const catalogue = [
    product({ title: 'Newest single', tags: ['offer'] }),
    product({ title: rookieTitle, productType: 'Mystery Pack', available: 0 }),
    product({ title: lotTitle, productType: 'LOT' }),
    product({ title: 'Plain single' }),
    product({ title: baseTitle, productType: 'Mystery Pack', available: null }),
  ];

  it('keeps the catalogue order and shows the grid category', () => {
    const packs = gridCards('mystery-packs', catalogue);
    expect(packs.map((card) => card.title)).toEqual([rookieTitle, baseTitle]);
    expect(packs.every((card) => card.category === 'Mystery Pack')).toBe(true);
    expect(gridCards('lot', catalogue).map((card) => [card.title, card.category])).toEqual([
      [lotTitle, 'LOT'],
    ]);
    expect(gridCards('offers', catalogue).map((card) => [card.title, card.category])).toEqual([
      ['Newest single', 'Card'],
    ]);
  });

  it('uses the variant id as the card id and 10 as the limit when stock is unknown', () => {
    const [rookie, base] = gridCards('mystery-packs', catalogue);
    expect(rookie?.id).toBe(catalogue[1]?.variantId);
    expect(rookie?.maxQuantity).toBe(0);
    expect(base?.maxQuantity).toBe(10);
  });

  it('drops the offer tag from the shown tags', () => {
    expect(gridCards('offers', catalogue)[0]?.tags).toEqual([]);
  });
});

describe('GRID_FILTERS', () => {
  it('asks the catalogue for the same products the selections pick', () => {
    expect(GRID_FILTERS['mystery-packs']).toEqual({ kind: 'mystery-pack' });
    expect(GRID_FILTERS.lot).toEqual({ kind: 'lot' });
    expect(GRID_FILTERS.offers).toEqual({ tag: 'offer', productType: 'Card' });
  });
});

describe('isGridKind', () => {
  it('knows the three grids and nothing else', () => {
    expect(['mystery-packs', 'lot', 'offers'].every(isGridKind)).toBe(true);
    expect(isGridKind('LOT')).toBe(false);
    expect(isGridKind('singles')).toBe(false);
    expect(isGridKind('')).toBe(false);
  });
});

describe('gridAddQuantity', () => {
  it('adds what the stepper shows', () => {
    expect(gridAddQuantity(1, 10, 0)).toBe(1);
    expect(gridAddQuantity(3, 5, 2)).toBe(3);
  });

  it('adds what still fits when the stock dropped under the chosen quantity', () => {
    // The stepper clamps to the remaining stock, so the shopper gets what they saw.
    expect(gridAddQuantity(4, 5, 2)).toBe(3);
  });

  it('ignores an add once the cart holds the whole stock, or when sold out', () => {
    expect(gridAddQuantity(1, 2, 2)).toBeNull();
    expect(gridAddQuantity(1, 2, 5)).toBeNull();
    expect(gridAddQuantity(1, 0, 0)).toBeNull();
  });
});
