import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  filterChips,
  removeChipLabel,
  showResultsLabel,
} from '../../../src/domain/catalog/singles-chips.ts';
import {
  EMPTY_FILTERS,
  FACT_PARAMS,
  filtersToQuery,
  type SinglesFilters,
} from '../../../src/domain/catalog/singles-filters.ts';

const filled: SinglesFilters = {
  ...EMPTY_FILTERS,
  search: 'prizm',
  category: 'EUROLEAGUE',
  team: 'Olympiacos',
  player: 'Sasha Vezenkov',
  min: '5',
  max: '20,50',
  sort: 'price-desc',
  page: 3,
  from: '2018',
  to: '2020',
  maker: 'Panini',
  set: 'Prizm',
  rc: '1',
  auto: '1',
  patch: '1',
  numbered: '99',
  grader: 'RAW',
  grade: '9.5',
  condition: 'NEAR_MINT',
};

const labels = (filters: SinglesFilters) => filterChips(filters).map((chip) => chip.label);
const chip = (filters: SinglesFilters, id: string) => {
  const found = filterChips(filters).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no chip ${id}`);
  return found;
};

describe('filterChips', () => {
  it('shows none for the default state, nor for a sort or a page alone', () => {
    expect(filterChips(EMPTY_FILTERS)).toEqual([]);
    expect(filterChips({ ...EMPTY_FILTERS, sort: 'name', page: 4 })).toEqual([]);
  });

  it('shows one chip per active filter, in the panel order, the price range as one', () => {
    expect(labels(filled)).toEqual([
      'Αναζήτηση: «prizm»',
      'Άθλημα: Euroleague',
      'Ομάδα: Olympiacos',
      'Παίκτης: Sasha Vezenkov',
      'Τιμή: 5 € – 20,50 €',
      'Πρώτη σεζόν: 2018',
      'Τελευταία σεζόν: 2020',
      'Κατασκευαστής: Panini',
      'Σετ: Prizm',
      'Rookie (RC)',
      'Αυτόγραφο',
      'Patch / memorabilia',
      'Αριθμημένες, ως /99',
      'Βαθμολόγηση: Raw (χωρίς βαθμολόγηση)',
      'Ελάχιστος βαθμός: 9,5',
      'Κατάσταση: Near Mint ή καλύτερη',
    ]);
    expect(filterChips(filled).map((each) => each.id)).toEqual([
      'search',
      'category',
      'team',
      'player',
      'price',
      ...FACT_PARAMS,
    ]);
  });

  it('reads one end of the price range, and a dot as a comma', () => {
    expect(labels({ ...EMPTY_FILTERS, min: '5' })).toEqual(['Τιμή: από 5 €']);
    expect(labels({ ...EMPTY_FILTERS, max: '7.5' })).toEqual(['Τιμή: έως 7,5 €']);
  });

  it('names the other options of the fact filters as the form does', () => {
    expect(
      labels({ ...EMPTY_FILTERS, numbered: 'any', grader: 'PSA', grade: '10', condition: 'MINT' }),
    ).toEqual(['Μόνο αριθμημένες', 'Βαθμολόγηση: PSA', 'Ελάχιστος βαθμός: 10', 'Κατάσταση: Mint ή καλύτερη']);
  });

  it('shows a value the form does not offer as it is (the server says what is wrong with it)', () => {
    expect(labels({ ...EMPTY_FILTERS, grade: '11', condition: 'SHINY', numbered: 'x' })).toEqual([
      'Αρίθμηση: x',
      'Ελάχιστος βαθμός: 11',
      'Κατάσταση: SHINY ή καλύτερη',
    ]);
  });

  it('names the chip button «Αφαίρεση φίλτρου: …»', () => {
    expect(removeChipLabel(chip(filled, 'team'))).toBe('Αφαίρεση φίλτρου: Ομάδα: Olympiacos');
  });
});

describe('removing a chip', () => {
  it('drops only its filter, keeps the sort and goes back to page 1', () => {
    expect(chip(filled, 'search').without).toEqual({ ...filled, search: '', page: 1 });
    expect(chip(filled, 'player').without).toEqual({ ...filled, player: '', page: 1 });
    expect(chip(filled, 'grade').without).toEqual({ ...filled, grade: '', page: 1 });
    expect(chip(filled, 'auto').without).toEqual({ ...filled, auto: '', page: 1 });
  });

  it('the sport takes its team and player with it; the team its player', () => {
    expect(chip(filled, 'category').without).toEqual({
      ...filled,
      category: '',
      team: '',
      player: '',
      page: 1,
    });
    expect(chip(filled, 'team').without).toEqual({ ...filled, team: '', player: '', page: 1 });
  });

  it('the price chip clears both ends', () => {
    expect(chip(filled, 'price').without).toEqual({ ...filled, min: '', max: '', page: 1 });
  });

  it('removing every chip one by one ends where «Καθαρισμός όλων» does', () => {
    let filters = filled;
    for (let last = filterChips(filters).at(-1); last; last = filterChips(filters).at(-1)) {
      filters = last.without;
    }
    expect(filters).toEqual(clearFilters(filled));
  });

  it('does not change the filters it was given', () => {
    const before = structuredClone(filled);
    filterChips(filled);
    clearFilters(filled);
    expect(filled).toEqual(before);
  });
});

describe('clearFilters', () => {
  it('clears every filter and the page, and keeps the order chosen', () => {
    expect(clearFilters(filled)).toEqual({ ...EMPTY_FILTERS, sort: 'price-desc' });
    expect(filtersToQuery(clearFilters(filled))).toBe('?sort=price-desc');
    expect(filtersToQuery(clearFilters({ ...filled, sort: 'newest' }))).toBe('');
  });
});

describe('showResultsLabel', () => {
  it.each([
    [0, 'Δείτε 0 αποτελέσματα'],
    [1, 'Δείτε 1 αποτέλεσμα'],
    [2, 'Δείτε 2 αποτελέσματα'],
    [137, 'Δείτε 137 αποτελέσματα'],
  ])('%i reads %s', (total, label) => {
    expect(showResultsLabel(total)).toBe(label);
  });
});
