import type { Category } from './category.ts';
import { CATEGORY_GROUPS, categoryGroup, SPORT_LABELS, SPORTS, type Sport } from './sports.ts';

/** The singles browser's select options: sport -> teams -> players, in the menu's order. */
export type FilterOptions = Array<{
  sport: Sport;
  label: string;
  teams: Array<{ name: string; players: string[] }>;
}>;

export function buildFilterOptions(categories: readonly Category[]): FilterOptions {
  const order = (category: Category) => CATEGORY_GROUPS.findIndex((group) => group.id === category.id);
  const sorted = [...categories].sort((a, b) => order(a) - order(b));
  return SPORTS.map((sport) => ({
    sport,
    label: SPORT_LABELS[sport],
    teams: sorted
      .filter((category) => categoryGroup(category.id)?.sport === sport)
      .flatMap((category) => category.teams)
      .map((team) => ({ name: team.name, players: team.players.map((player) => player.name) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'el')),
  }));
}

/** The card-fact filters' URL parameters, as text (decision 051). */
export const FACT_PARAMS = [
  'from',
  'to',
  'maker',
  'set',
  'rc',
  'auto',
  'patch',
  'numbered',
  'grader',
  'grade',
  'condition',
] as const;
export type FactParam = (typeof FACT_PARAMS)[number];

export type SinglesFilters = {
  search: string;
  category: string;
  team: string;
  player: string;
  min: string;
  max: string;
  sort: string;
  page: number;
} & Record<FactParam, string>;

const NO_FACTS = Object.fromEntries(FACT_PARAMS.map((param) => [param, ''])) as Record<FactParam, string>;

export const EMPTY_FILTERS: SinglesFilters = {
  search: '',
  category: '',
  team: '',
  player: '',
  min: '',
  max: '',
  sort: 'newest',
  page: 1,
  ...NO_FACTS,
};

/** Whether any card-fact filter is set. */
export const hasFactFilter = (filters: SinglesFilters) => FACT_PARAMS.some((param) => filters[param] !== '');

/**
 * Applies one filter change with the spec's rules: a sport clears team and player, a team clears
 * the player, and any change but paging goes back to page 1.
 */
export function changeFilter(
  filters: SinglesFilters,
  field: keyof SinglesFilters,
  value: string | number,
): SinglesFilters {
  if (field === 'page') return { ...filters, page: Number(value) };
  const next = { ...filters, [field]: value, page: 1 };
  if (field === 'category') return { ...next, team: '', player: '' };
  if (field === 'team') return { ...next, player: '' };
  return next;
}

/** The URL query of a filter state (defaults left out, so shared links stay short). */
export function filtersToQuery(filters: SinglesFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === '' || (key === 'sort' && value === 'newest') || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Filter state from a URL query; ?category= preselects the sport and clears team and player. */
export function filtersFromQuery(search: string): SinglesFilters {
  const params = new URLSearchParams(search);
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const category = text('category').toUpperCase();
  const validSport = (SPORTS as readonly string[]).includes(category) ? category : '';
  const page = Number(params.get('page'));
  return {
    search: text('search'),
    category: validSport,
    team: validSport ? text('team') : '',
    player: validSport && text('team') ? text('player') : '',
    min: text('min'),
    max: text('max'),
    sort: text('sort') || 'newest',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    ...(Object.fromEntries(FACT_PARAMS.map((param) => [param, text(param)])) as Record<FactParam, string>),
  };
}
