import { describe, expect, it } from 'vitest';
import type { Category } from '../../../src/domain/catalog/category.ts';
import { singlesListings } from '../../../src/domain/catalog/singles-listings.ts';
import { aProduct } from '../../helpers/product.ts';

const team = (name: string) => ({ name, image: '', players: [] });
const categories: Category[] = [
  { id: 'nba-central', name: 'Central', teams: [team('Milwaukee Bucks'), team('Chicago Bulls')] },
  { id: 'nba-pacific', name: 'Pacific', teams: [team('Golden State Warriors')] },
  { id: 'euroleague', name: 'Euroleague', teams: [team('Panathinaikos')] },
  { id: 'soccer-premier-league', name: 'Premier League', teams: [team('Arsenal')] },
];

const card = (tags: string[], updatedAt: string) => aProduct({ tags, updatedAt, createdAt: updatedAt });

const products = [
  card(['Milwaukee Bucks'], '2026-11-01'),
  card(['milwaukee bucks', 'Chicago Bulls'], '2026-11-05'), // two NBA teams: once for NBA
  card(['PANATHINAÏKOS'], '2026-11-03'),
  card(['Arsenal', 'Panathinaikos'], '2026-11-02'), // two sports
  card(['Unknown FC'], '2026-11-09'), // only the whole catalogue
  card([], '2026-11-04'),
];

const shown = (listings: ReturnType<typeof singlesListings>) =>
  listings.map(({ filters, total, lastmod }) => [filters.category ?? '', filters.team ?? '', total, lastmod]);

describe('singlesListings', () => {
  it('counts each card once per listing its tags lead to, with the newest change', () => {
    expect(shown(singlesListings(products, categories))).toEqual([
      ['', '', 6, '2026-11-09'],
      ['NBA', '', 2, '2026-11-05'],
      ['NBA', 'Milwaukee Bucks', 2, '2026-11-05'],
      ['NBA', 'Chicago Bulls', 1, '2026-11-05'],
      ['NBA', 'Golden State Warriors', 0, ''],
      ['EUROLEAGUE', '', 2, '2026-11-03'],
      ['EUROLEAGUE', 'Panathinaikos', 2, '2026-11-03'],
      ['NFL', '', 0, ''],
      ['SOCCER', '', 1, '2026-11-02'],
      ['SOCCER', 'Arsenal', 1, '2026-11-02'],
    ]);
  });

  it('lists the catalogue alone when there are no categories', () => {
    expect(shown(singlesListings(products, []))).toEqual([
      ['', '', 6, '2026-11-09'],
      ['NBA', '', 0, ''],
      ['EUROLEAGUE', '', 0, ''],
      ['NFL', '', 0, ''],
      ['SOCCER', '', 0, ''],
    ]);
  });
});
