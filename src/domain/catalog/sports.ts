/**
 * The four sports and the fixed grouping of the 20 category documents (spec section 3).
 * Category ids are fixed document ids; the storefront menus, the singles filters and the
 * dashboard all read the grouping from here.
 */
export const SPORTS = ['NBA', 'EUROLEAGUE', 'NFL', 'SOCCER'] as const;
export type Sport = (typeof SPORTS)[number];

export const SPORT_LABELS: Record<Sport, string> = {
  NBA: 'NBA',
  EUROLEAGUE: 'Euroleague',
  NFL: 'NFL',
  SOCCER: 'Soccer',
};

export type CategoryGroup = {
  /** Fixed document id of the category. */
  id: string;
  sport: Sport;
  /** Label shown in menus: a division, a conference division, a league. */
  label: string;
  /** NFL only: the conference above the division. */
  conference?: 'AFC' | 'NFC';
};

const NBA_DIVISIONS = ['Atlantic', 'Southeast', 'Central', 'Southwest', 'Pacific', 'Northwest'] as const;
const NFL_DIVISIONS = ['West', 'North', 'South', 'East'] as const;
const SOCCER_LEAGUES = ['Premier League', 'La Liga', 'Serie A', 'Bundesliga', 'Ligue 1'] as const;

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const CATEGORY_GROUPS: readonly CategoryGroup[] = [
  ...NBA_DIVISIONS.map((label) => ({ id: `nba-${slug(label)}`, sport: 'NBA' as const, label })),
  { id: 'euroleague', sport: 'EUROLEAGUE', label: 'Euroleague' },
  ...(['AFC', 'NFC'] as const).flatMap((conference) =>
    NFL_DIVISIONS.map((division) => ({
      id: `nfl-${conference.toLowerCase()}-${division.toLowerCase()}`,
      sport: 'NFL' as const,
      label: `${conference} ${division}`,
      conference,
    })),
  ),
  ...SOCCER_LEAGUES.map((label) => ({ id: `soccer-${slug(label)}`, sport: 'SOCCER' as const, label })),
];

const GROUP_BY_ID = new Map(CATEGORY_GROUPS.map((group) => [group.id, group]));

export function categoryGroup(id: string): CategoryGroup | undefined {
  return GROUP_BY_ID.get(id);
}

export function groupsOfSport(sport: Sport): CategoryGroup[] {
  return CATEGORY_GROUPS.filter((group) => group.sport === sport);
}

export function isSport(value: unknown): value is Sport {
  return typeof value === 'string' && (SPORTS as readonly string[]).includes(value);
}

/** Parses the /singles?category= value (case-insensitive), or undefined when it names no sport. */
export function parseSport(value: string | null | undefined): Sport | undefined {
  const upper = value?.trim().toUpperCase();
  return isSport(upper) ? upper : undefined;
}

export const DEFAULT_PLAYER_IMAGE = '/images/default-player.svg';
