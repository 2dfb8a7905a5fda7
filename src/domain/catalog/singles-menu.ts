import { singlesHref } from '../seo/singles-seo.ts';
import type { Category } from './category.ts';
import { EMPTY_FILTERS } from './singles-filters.ts';
import { CATEGORY_GROUPS, categoryGroup, SPORTS, type Sport } from './sports.ts';

/**
 * The SINGLES drill-down (spec section 2): sport -> division / conference -> division / league
 * -> team -> players. A node either opens children or links somewhere.
 */
export type MenuNode = {
  key: string;
  label: string;
  image?: string;
  href?: string;
  children?: MenuNode[];
};

export function playerHref(playerName: string, teamName: string): string {
  return `/player/${encodeURIComponent(playerName)}/${encodeURIComponent(teamName)}`;
}

const SPORT_LOGOS: Record<Sport, string> = {
  NBA: '/images/sports/nba.svg',
  EUROLEAGUE: '/images/sports/euroleague.svg',
  NFL: '/images/sports/nfl.svg',
  SOCCER: '/images/sports/soccer.svg',
};

const LEAGUE_LOGOS: Record<string, string> = {
  'Premier League': '/images/leagues/premier-league.svg',
  'La Liga': '/images/leagues/la-liga.svg',
  'Serie A': '/images/leagues/serie-a.svg',
  Bundesliga: '/images/leagues/bundesliga.svg',
  'Ligue 1': '/images/leagues/ligue-1.svg',
};

export function sportLogo(sport: Sport): string {
  return SPORT_LOGOS[sport];
}

/** Whether a player of a team has cards for sale; the menu leaves out the players without. */
export type HasCards = (playerName: string, teamName: string) => boolean;

/**
 * A team opens its players who have cards; a team none of whose players has a card links to its
 * listing instead, so no menu entry leads to an empty page (issue 30).
 */
function teamNodes(category: Category, sport: Sport, hasCards: HasCards): MenuNode[] {
  return category.teams.map((team) => {
    const players = team.players.filter((player) => hasCards(player.name, team.name));
    if (players.length === 0)
      return {
        key: `team:${team.name}`,
        label: team.name,
        href: singlesHref({ ...EMPTY_FILTERS, category: sport, team: team.name }, 1),
      };
    return {
      key: `team:${team.name}`,
      label: team.name,
      children: players.map((player) => ({
        key: `player:${team.name}:${player.name}`,
        label: player.name,
        href: playerHref(player.name, team.name),
      })),
    };
  });
}

export function buildSinglesMenu(
  categories: readonly Category[],
  hasCards: HasCards = () => true,
): MenuNode[] {
  const bySport = new Map<Sport, Category[]>();
  const order = (category: Category) => CATEGORY_GROUPS.findIndex((group) => group.id === category.id);
  for (const category of [...categories].sort((a, b) => order(a) - order(b))) {
    const group = categoryGroup(category.id);
    if (!group) continue;
    bySport.set(group.sport, [...(bySport.get(group.sport) ?? []), category]);
  }
  const groupNode = (category: Category, sport: Sport, label: string, image?: string): MenuNode => ({
    key: `group:${category.id}`,
    label,
    ...(image ? { image } : {}),
    children: teamNodes(category, sport, hasCards),
  });

  return SPORTS.map((sport): MenuNode => {
    const list = bySport.get(sport) ?? [];
    let children: MenuNode[];
    if (sport === 'EUROLEAGUE') {
      children = list.flatMap((category) => teamNodes(category, sport, hasCards));
    } else if (sport === 'NFL') {
      children = (['AFC', 'NFC'] as const).map((conference) => ({
        key: `conference:${conference}`,
        label: conference,
        children: list
          .filter((category) => categoryGroup(category.id)?.conference === conference)
          .map((category) => groupNode(category, sport, category.name.replace(`${conference} `, ''))),
      }));
    } else {
      children = list.map((category) =>
        groupNode(category, sport, category.name, LEAGUE_LOGOS[category.name]),
      );
    }
    return { key: `sport:${sport}`, label: sport, image: SPORT_LOGOS[sport], children };
  });
}
