import { CONDITION_LABELS, type Condition } from '../card-facts/facts.ts';
import {
  changeFilter,
  EMPTY_FILTERS,
  FACT_PARAMS,
  type FactParam,
  type SinglesFilters,
} from './singles-filters.ts';
import { isSport, SPORT_LABELS } from './sports.ts';

/**
 * The singles browser's active filters as removable chips, and the words its filter panel shows
 * for the card-fact options (the form's options and the chips must read the same).
 */

/** The yes/no card-fact filters: set when their parameter is '1'. */
export const FLAG_FILTERS = [
  { param: 'rc', label: 'Rookie (RC)' },
  { param: 'auto', label: 'Αυτόγραφο' },
  { param: 'patch', label: 'Patch / memorabilia' },
] as const satisfies ReadonlyArray<{ param: FactParam; label: string }>;

export const GRADER_FILTERS = [
  { value: 'PSA', label: 'PSA' },
  { value: 'BGS', label: 'BGS' },
  { value: 'SGC', label: 'SGC' },
  { value: 'CGC', label: 'CGC' },
  { value: 'RAW', label: 'Raw (χωρίς βαθμολόγηση)' },
] as const;

export const NUMBERED_FILTERS = [
  { value: 'any', label: 'Μόνο αριθμημένες' },
  { value: '99', label: 'Αριθμημένες, ως /99' },
] as const;

export const GRADE_FILTERS = ['10', '9.5', '9', '8.5', '8', '7', '6', '5', '4', '3', '2', '1'] as const;

/** A grade the Greek way: 9,5. */
export const gradeLabel = (grade: string) => grade.replace('.', ',');

/** A raw condition as its filter option reads: «Near Mint ή καλύτερη». */
export const conditionFilterLabel = (condition: string) =>
  `${CONDITION_LABELS[condition as Condition] ?? condition} ή καλύτερη`;

export type FilterChip = {
  /** Stable per filter: 'search', 'category', 'team', 'player', 'price' or a fact parameter. */
  id: string;
  label: string;
  /** The filter state once this chip is removed (back to page 1, the sort kept). */
  without: SinglesFilters;
};

/** The accessible name of a chip's button. */
export const removeChipLabel = (chip: Pick<FilterChip, 'label'>) => `Αφαίρεση φίλτρου: ${chip.label}`;

const euros = (text: string) => `${text.replace('.', ',')} €`;

function priceLabel(min: string, max: string): string {
  if (min && max) return `Τιμή: ${euros(min)} – ${euros(max)}`;
  return min ? `Τιμή: από ${euros(min)}` : `Τιμή: έως ${euros(max)}`;
}

const optionLabel = (options: ReadonlyArray<{ value: string; label: string }>, value: string) =>
  options.find((option) => option.value === value)?.label;

/** How each set card-fact filter reads on its chip. */
function factLabel(param: FactParam, value: string): string {
  switch (param) {
    case 'from':
      return `Πρώτη σεζόν: ${value}`;
    case 'to':
      return `Τελευταία σεζόν: ${value}`;
    case 'maker':
      return `Κατασκευαστής: ${value}`;
    case 'set':
      return `Σετ: ${value}`;
    case 'rc':
    case 'auto':
    case 'patch':
      return FLAG_FILTERS.find((flag) => flag.param === param)?.label ?? param;
    case 'numbered':
      return optionLabel(NUMBERED_FILTERS, value) ?? `Αρίθμηση: ${value}`;
    case 'grader':
      return `Βαθμολόγηση: ${optionLabel(GRADER_FILTERS, value) ?? value}`;
    case 'grade':
      return `Ελάχιστος βαθμός: ${gradeLabel(value)}`;
    case 'condition':
      return `Κατάσταση: ${conditionFilterLabel(value)}`;
  }
}

/**
 * One chip per active filter, in the panel's order. Removing the sport also drops its team and
 * player, removing the team drops the player (the spec's rules); the price range is one chip.
 */
export function filterChips(filters: SinglesFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const clear = (id: string, label: string, field: keyof SinglesFilters) =>
    chips.push({ id, label, without: changeFilter(filters, field, '') });
  if (filters.search) clear('search', `Αναζήτηση: «${filters.search}»`, 'search');
  if (filters.category) {
    const sport = isSport(filters.category) ? SPORT_LABELS[filters.category] : filters.category;
    clear('category', `Άθλημα: ${sport}`, 'category');
  }
  if (filters.team) clear('team', `Ομάδα: ${filters.team}`, 'team');
  if (filters.player) clear('player', `Παίκτης: ${filters.player}`, 'player');
  if (filters.min || filters.max)
    chips.push({
      id: 'price',
      label: priceLabel(filters.min, filters.max),
      without: { ...filters, min: '', max: '', page: 1 },
    });
  for (const param of FACT_PARAMS) {
    if (filters[param]) clear(param, factLabel(param, filters[param]), param);
  }
  return chips;
}

/** Every filter cleared: what «Καθαρισμός όλων» shows. The order the shopper chose stays. */
export const clearFilters = (filters: SinglesFilters): SinglesFilters => ({
  ...EMPTY_FILTERS,
  sort: filters.sort,
});

/** The phone filter panel's button: «Δείτε 1 αποτέλεσμα», «Δείτε 12 αποτελέσματα». */
export const showResultsLabel = (total: number) =>
  `Δείτε ${total} ${total === 1 ? 'αποτέλεσμα' : 'αποτελέσματα'}`;
