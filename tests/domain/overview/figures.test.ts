import { describe, expect, it } from 'vitest';
import { dailySeries, salesBySport } from '../../../src/domain/overview/figures.ts';

describe('dailySeries', () => {
  it('gives every day of the chart, zero where nothing sold', () => {
    expect(
      dailySeries(
        ['2026-11-25', '2026-11-26', '2026-11-27'],
        [{ day: '2026-11-26', revenueCents: 900, orders: 2 }],
      ),
    ).toEqual([
      { day: '2026-11-25', revenueCents: 0, orders: 0 },
      { day: '2026-11-26', revenueCents: 900, orders: 2 },
      { day: '2026-11-27', revenueCents: 0, orders: 0 },
    ]);
  });
});

describe('salesBySport', () => {
  const sports: Record<string, string> = {
    olympiacos: 'EUROLEAGUE',
    'boston celtics': 'NBA',
    'miami heat': 'NBA',
  };
  const sportOf = (team: string) => sports[team.toLowerCase()] ?? null;

  it('adds cards up by the sport of their team, packs and lots by their type, largest first', () => {
    expect(
      salesBySport(
        [
          { team: 'Boston Celtics', productType: 'Card', revenueCents: 2500, quantity: 1 },
          { team: 'Miami Heat', productType: 'Card', revenueCents: 1000, quantity: 2 },
          { team: 'Olympiacos', productType: 'Card', revenueCents: 4000, quantity: 4 },
          { team: null, productType: 'Mystery Pack', revenueCents: 1500, quantity: 3 },
          { team: 'Nobody FC', productType: 'Card', revenueCents: 300, quantity: 1 },
          { team: null, productType: null, revenueCents: 200, quantity: 1 },
        ],
        sportOf,
      ),
    ).toEqual([
      { label: 'EUROLEAGUE', revenueCents: 4000, quantity: 4 },
      { label: 'NBA', revenueCents: 3500, quantity: 3 },
      { label: 'Mystery Pack', revenueCents: 1500, quantity: 3 },
      { label: 'Χωρίς άθλημα', revenueCents: 500, quantity: 2 },
    ]);
  });
});
