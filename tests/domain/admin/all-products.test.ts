import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  allProductsSearch,
  FIRST_ALL_PRODUCTS_QUERY,
  sportsByTeam,
  stockBounds,
  stockLevel,
  teamChoices,
} from '../../../src/domain/admin/all-products.ts';
import { savingOf, teamOfTags } from '../../../src/domain/catalog/offers.ts';
import type { AdminListProduct as ServerListProduct } from '../../../src/server/catalog/admin-list.ts';
import type { AdminListProduct } from '../../../src/stores/admin-api.ts';

const categories = [
  {
    id: 'euroleague',
    name: 'Euroleague',
    teams: [
      { name: 'Olympiacos', image: '', players: [] },
      { name: 'Panathinaikos', image: '', players: [] },
    ],
  },
  { id: 'nba-atlantic', name: 'Atlantic', teams: [{ name: 'Boston Celtics', image: '', players: [] }] },
];

describe('the list of every product', () => {
  it('asks only for the filters set', () => {
    expect(allProductsSearch(FIRST_ALL_PRODUCTS_QUERY)).toBe('?sort=newest&page=1&pageSize=10');
    expect(
      allProductsSearch({
        ...FIRST_ALL_PRODUCTS_QUERY,
        search: ' Vezenkov ',
        kind: 'lot',
        offer: 'no',
        sport: 'EUROLEAGUE',
        team: 'Olympiacos',
        stock: 'low',
        page: 2,
        pageSize: 20,
      }),
    ).toBe(
      '?search=Vezenkov&kind=lot&offer=no&sport=EUROLEAGUE&team=Olympiacos&stock=low&sort=newest&page=2&pageSize=20',
    );
  });

  it('turns the stock filter into bounds, low up to the threshold', () => {
    expect(stockBounds('in-stock', 2)).toEqual({ min: 1 });
    expect(stockBounds('sold-out', 2)).toEqual({ max: 0 });
    expect(stockBounds('low', 5)).toEqual({ min: 1, max: 5 });
  });

  it('badges a row sold out or low, untracked stock never', () => {
    expect(stockLevel(0, 2)).toBe('sold-out');
    expect(stockLevel(2, 2)).toBe('low');
    expect(stockLevel(3, 2)).toBeNull();
    expect(stockLevel(null, 2)).toBeNull();
  });

  it('shows the discount of a compare-at price above the price, never rounded up', () => {
    expect(savingOf({ priceCents: 800, compareAtCents: 1000 })).toEqual({ cents: 200, percent: 20 });
    expect(savingOf({ priceCents: 667, compareAtCents: 1000 })?.percent).toBe(33);
    expect(savingOf({ priceCents: 851, compareAtCents: 1001 })?.percent).toBe(14);
    expect(savingOf({ priceCents: 1000, compareAtCents: 1000 })).toBeNull();
    expect(savingOf({ priceCents: null, compareAtCents: 1000 })).toBeNull();
  });

  it('knows the team without the offer marker, and its sport', () => {
    expect(teamOfTags(['Olympiacos', 'offer'])).toBe('Olympiacos');
    expect(teamOfTags(['offer'])).toBe('');
    expect(teamOfTags(['offer', 'Olympiacos'])).toBe('Olympiacos');
    const sportOf = sportsByTeam(categories);
    expect(sportOf('olympiacos')).toBe('EUROLEAGUE');
    expect(sportOf('Boston Celtics')).toBe('NBA');
    expect(sportOf('')).toBeNull();
    expect(sportOf('Nobody FC')).toBeNull();
  });

  it('offers the teams of a sport, or all of them under their sports', () => {
    expect(teamChoices(categories, 'EUROLEAGUE')).toEqual([
      { sport: 'EUROLEAGUE', teams: ['Olympiacos', 'Panathinaikos'] },
    ]);
    expect(teamChoices(categories, '').map((group) => group.sport)).toEqual(['NBA', 'EUROLEAGUE']);
  });

  it('has the same row shape on both sides', () => {
    expectTypeOf<AdminListProduct>().toEqualTypeOf<ServerListProduct>();
  });
});
