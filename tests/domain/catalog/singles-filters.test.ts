import { describe, expect, it } from 'vitest';
import type { Category } from '../../../src/domain/catalog/category.ts';
import {
  buildFilterOptions,
  changeFilter,
  EMPTY_FILTERS,
  filtersFromQuery,
  filtersToQuery,
  type SinglesFilters,
} from '../../../src/domain/catalog/singles-filters.ts';

const filled: SinglesFilters = {
  ...EMPTY_FILTERS,
  search: 'prizm',
  category: 'NBA',
  team: 'Boston Celtics',
  player: 'Jayson Tatum',
  min: '5',
  max: '20,50',
  sort: 'price-desc',
  page: 3,
};

describe('changeFilter', () => {
  it('a sport clears team and player and goes back to page 1', () => {
    expect(changeFilter(filled, 'category', 'NFL')).toEqual({
      ...filled,
      category: 'NFL',
      team: '',
      player: '',
      page: 1,
    });
  });

  it('clearing the sport also clears team and player', () => {
    expect(changeFilter(filled, 'category', '')).toMatchObject({
      category: '',
      team: '',
      player: '',
      page: 1,
    });
  });

  it('a team clears the player but keeps the sport', () => {
    expect(changeFilter(filled, 'team', 'Miami Heat')).toEqual({
      ...filled,
      team: 'Miami Heat',
      player: '',
      page: 1,
    });
  });

  it.each([
    ['search', 'tatum'],
    ['player', 'Jaylen Brown'],
    ['min', '1'],
    ['max', '99'],
    ['sort', 'name'],
  ] as const)('changing %s goes back to page 1 and keeps the rest', (field, value) => {
    expect(changeFilter(filled, field, value)).toEqual({ ...filled, [field]: value, page: 1 });
  });

  it.each([
    ['auto', '1'],
    ['grader', 'PSA'],
    ['grade', '10'],
    ['numbered', '99'],
    ['from', '2018'],
  ] as const)('changing the fact filter %s goes back to page 1 and keeps the rest', (field, value) => {
    expect(changeFilter(filled, field, value)).toEqual({ ...filled, [field]: value, page: 1 });
  });

  it('fact filters go to the URL and come back from it', () => {
    const facts = { ...EMPTY_FILTERS, auto: '1', grader: 'PSA', grade: '10', from: '2018', to: '2019' };
    const query = filtersToQuery(facts);
    expect(query).toBe('?from=2018&to=2019&auto=1&grader=PSA&grade=10');
    expect(filtersFromQuery(query)).toEqual(facts);
  });

  it('a page change changes only the page', () => {
    expect(changeFilter(filled, 'page', 4)).toEqual({ ...filled, page: 4 });
    expect(changeFilter(filled, 'page', '2')).toEqual({ ...filled, page: 2 });
  });

  it('does not change the filters it was given', () => {
    const before = { ...filled };
    changeFilter(filled, 'category', 'NFL');
    expect(filled).toEqual(before);
  });
});

describe('filtersToQuery / filtersFromQuery', () => {
  it('leaves every default out', () => {
    expect(filtersToQuery(EMPTY_FILTERS)).toBe('');
    expect(filtersToQuery({ ...EMPTY_FILTERS, search: 'x' })).toBe('?search=x');
    expect(filtersToQuery({ ...EMPTY_FILTERS, sort: 'oldest', page: 2 })).toBe('?sort=oldest&page=2');
  });

  it('round-trips a full filter state', () => {
    const query = filtersToQuery(filled);
    expect(query.startsWith('?')).toBe(true);
    expect(filtersFromQuery(query)).toEqual(filled);
  });

  it('round-trips Greek text and spaces', () => {
    const filters = { ...EMPTY_FILTERS, search: 'Κάρτα Αντετοκούνμπο & co' };
    expect(filtersFromQuery(filtersToQuery(filters))).toEqual(filters);
  });

  it('reads defaults from an empty query', () => {
    expect(filtersFromQuery('')).toEqual(EMPTY_FILTERS);
    expect(filtersFromQuery('?')).toEqual(EMPTY_FILTERS);
  });

  it.each(['?category=NFL', '?category=nfl', '?category=Nfl', 'category=%20nfl%20'])(
    '%s preselects NFL',
    (query) => {
      expect(filtersFromQuery(query)).toEqual({ ...EMPTY_FILTERS, category: 'NFL' });
    },
  );

  it('ignores an unknown category and drops team and player without a sport', () => {
    expect(filtersFromQuery('?category=cricket&team=Boston%20Celtics&player=Tatum')).toEqual(EMPTY_FILTERS);
    expect(filtersFromQuery('?team=Boston%20Celtics&player=Tatum&search=x')).toEqual({
      ...EMPTY_FILTERS,
      search: 'x',
    });
  });

  it('drops the player without a team', () => {
    expect(filtersFromQuery('?category=NBA&player=Tatum')).toEqual({ ...EMPTY_FILTERS, category: 'NBA' });
  });

  it.each(['0', '-2', '1.5', 'abc'])('a page of %s becomes page 1', (page) => {
    expect(filtersFromQuery(`?page=${page}`).page).toBe(1);
  });
});

const player = (name: string) => ({ name, image: '' });
const categories: Category[] = [
  {
    id: 'nfl-afc-east',
    name: 'AFC East',
    teams: [{ name: 'New England Patriots', image: '', players: [player('Drake Maye')] }],
  },
  {
    id: 'nba-southeast',
    name: 'Southeast',
    teams: [{ name: 'Miami Heat', image: '', players: [player('Bam Adebayo'), player('Tyler Herro')] }],
  },
  {
    id: 'nba-atlantic',
    name: 'Atlantic',
    teams: [
      { name: 'New York Knicks', image: '', players: [player('Jalen Brunson')] },
      { name: 'Boston Celtics', image: '', players: [player('Jayson Tatum'), player('Jaylen Brown')] },
    ],
  },
  { id: 'unknown-league', name: 'Other', teams: [{ name: 'Nowhere FC', image: '', players: [] }] },
];

describe('buildFilterOptions', () => {
  it('lists the four sports in order with their labels', () => {
    const options = buildFilterOptions(categories);
    expect(options.map((option) => [option.sport, option.label])).toEqual([
      ['NBA', 'NBA'],
      ['EUROLEAGUE', 'Euroleague'],
      ['NFL', 'NFL'],
      ['SOCCER', 'Soccer'],
    ]);
  });

  it('sorts the teams of a sport by name and lists their players', () => {
    const nba = buildFilterOptions(categories).find((option) => option.sport === 'NBA');
    expect(nba?.teams).toEqual([
      { name: 'Boston Celtics', players: ['Jayson Tatum', 'Jaylen Brown'] },
      { name: 'Miami Heat', players: ['Bam Adebayo', 'Tyler Herro'] },
      { name: 'New York Knicks', players: ['Jalen Brunson'] },
    ]);
  });

  it('puts a team under its category sport only, and ignores unknown categories', () => {
    const options = buildFilterOptions(categories);
    expect(options.find((option) => option.sport === 'NFL')?.teams).toEqual([
      { name: 'New England Patriots', players: ['Drake Maye'] },
    ]);
    expect(options.find((option) => option.sport === 'EUROLEAGUE')?.teams).toEqual([]);
    expect(options.flatMap((option) => option.teams).some((team) => team.name === 'Nowhere FC')).toBe(false);
  });
});
