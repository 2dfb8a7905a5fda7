import { describe, expect, it } from 'vitest';
import type { Category } from '../../../src/domain/catalog/category.ts';
import { buildSinglesMenu, type MenuNode, playerHref } from '../../../src/domain/catalog/singles-menu.ts';

function team(name: string, players: string[]) {
  return { name, image: '', players: players.map((player) => ({ name: player, image: '' })) };
}

function category(id: string, name: string, teams = [team(`${name} Team`, [`${name} Player`])]): Category {
  return { id, name, teams };
}

/** Deliberately shuffled, with one category the grouping does not know. */
const CATEGORIES: Category[] = [
  category('soccer-la-liga', 'La Liga', [team('Real Madrid', ['Kylian Mbappe', 'Jude Bellingham'])]),
  category('nfl-nfc-east', 'NFC East', [team('Philadelphia Eagles', ['Jalen Hurts'])]),
  category('nba-northwest', 'Northwest'),
  category('nba-pacific', 'Pacific', [team('Los Angeles Lakers', ['Luka Dončić', 'LeBron James'])]),
  category('euroleague', 'Euroleague', [
    team('Olympiacos', ['Sasha Vezenkov']),
    team('Panathinaikos', ['Kostas Sloukas']),
  ]),
  category('unknown-league', 'Unknown'),
  category('nba-central', 'Central'),
  category('nfl-afc-west', 'AFC West', [team('Kansas City Chiefs', ['Patrick Mahomes'])]),
  category('nba-atlantic', 'Atlantic'),
  category('nfl-afc-north', 'AFC North'),
  category('nba-southwest', 'Southwest'),
  category('soccer-premier-league', 'Premier League', [team('Manchester City', ['Erling Haaland'])]),
  category('nba-southeast', 'Southeast'),
  category('nfl-nfc-west', 'NFC West'),
];

const menu = buildSinglesMenu(CATEGORIES);
const labels = (nodes: MenuNode[] | undefined) => (nodes ?? []).map((node) => node.label);
const child = (node: MenuNode | undefined, label: string) => node?.children?.find((c) => c.label === label);

describe('buildSinglesMenu', () => {
  it('has the four sports in order, each with its logo', () => {
    expect(labels(menu)).toEqual(['NBA', 'EUROLEAGUE', 'NFL', 'SOCCER']);
    expect(menu.map((node) => node.key)).toEqual([
      'sport:NBA',
      'sport:EUROLEAGUE',
      'sport:NFL',
      'sport:SOCCER',
    ]);
    expect(menu.map((node) => node.image)).toEqual([
      '/images/sports/nba.svg',
      '/images/sports/euroleague.svg',
      '/images/sports/nfl.svg',
      '/images/sports/soccer.svg',
    ]);
  });

  it('lists NBA divisions in the spec order whatever the input order', () => {
    expect(labels(menu[0]?.children)).toEqual([
      'Atlantic',
      'Southeast',
      'Central',
      'Southwest',
      'Pacific',
      'Northwest',
    ]);
    expect(menu[0]?.children?.map((node) => node.key)[0]).toBe('group:nba-atlantic');
  });

  it('lists EUROLEAGUE teams directly under the sport', () => {
    const euroleague = menu[1];
    expect(labels(euroleague?.children)).toEqual(['Olympiacos', 'Panathinaikos']);
    expect(child(euroleague, 'Olympiacos')?.key).toBe('team:Olympiacos');
    expect(labels(child(euroleague, 'Olympiacos')?.children)).toEqual(['Sasha Vezenkov']);
  });

  it('nests NFL as conference, then division, then teams', () => {
    const nfl = menu[2];
    expect(labels(nfl?.children)).toEqual(['AFC', 'NFC']);
    expect(nfl?.children?.map((node) => node.key)).toEqual(['conference:AFC', 'conference:NFC']);
    expect(labels(child(nfl, 'AFC')?.children)).toEqual(['West', 'North']);
    expect(labels(child(nfl, 'NFC')?.children)).toEqual(['West', 'East']);
    const afcWest = child(child(nfl, 'AFC'), 'West');
    expect(afcWest?.key).toBe('group:nfl-afc-west');
    expect(labels(afcWest?.children)).toEqual(['Kansas City Chiefs']);
    expect(labels(child(afcWest, 'Kansas City Chiefs')?.children)).toEqual(['Patrick Mahomes']);
  });

  it('lists soccer leagues in the spec order with league logos', () => {
    const soccer = menu[3];
    expect(labels(soccer?.children)).toEqual(['Premier League', 'La Liga']);
    expect(soccer?.children?.map((node) => node.image)).toEqual([
      '/images/leagues/premier-league.svg',
      '/images/leagues/la-liga.svg',
    ]);
    expect(labels(child(child(soccer, 'La Liga'), 'Real Madrid')?.children)).toEqual([
      'Kylian Mbappe',
      'Jude Bellingham',
    ]);
  });

  it('links every player to /player/{name}/{team}, both URL-encoded', () => {
    const lakers = child(child(menu[0], 'Pacific'), 'Los Angeles Lakers');
    expect(lakers?.children).toEqual([
      {
        key: 'player:Los Angeles Lakers:Luka Dončić',
        label: 'Luka Dončić',
        href: `/player/${encodeURIComponent('Luka Dončić')}/${encodeURIComponent('Los Angeles Lakers')}`,
      },
      {
        key: 'player:Los Angeles Lakers:LeBron James',
        label: 'LeBron James',
        href: '/player/LeBron%20James/Los%20Angeles%20Lakers',
      },
    ]);
  });

  it('leaves teams and groups without links, so they open their children', () => {
    const pacific = child(menu[0], 'Pacific');
    expect(pacific?.href).toBeUndefined();
    expect(child(pacific, 'Los Angeles Lakers')?.href).toBeUndefined();
  });

  it('skips categories the grouping does not know', () => {
    const all = JSON.stringify(menu);
    expect(all).not.toContain('Unknown');
  });

  it('still shows every sport, and both NFL conferences, with no categories', () => {
    const empty = buildSinglesMenu([]);
    expect(labels(empty)).toEqual(['NBA', 'EUROLEAGUE', 'NFL', 'SOCCER']);
    expect(empty[0]?.children).toEqual([]);
    expect(empty[1]?.children).toEqual([]);
    expect(empty[2]?.children).toEqual([
      { key: 'conference:AFC', label: 'AFC', children: [] },
      { key: 'conference:NFC', label: 'NFC', children: [] },
    ]);
    expect(empty[3]?.children).toEqual([]);
  });

  it('does not reorder the caller array', () => {
    const input = [...CATEGORIES];
    buildSinglesMenu(input);
    expect(input).toEqual(CATEGORIES);
  });
});

describe('playerHref', () => {
  it('encodes characters that would break the path', () => {
    expect(playerHref('A/B ?#', 'Team & Co')).toBe('/player/A%2FB%20%3F%23/Team%20%26%20Co');
    expect(playerHref('Γιάννης', 'Ολυμπιακός')).toBe(
      `/player/${encodeURIComponent('Γιάννης')}/${encodeURIComponent('Ολυμπιακός')}`,
    );
  });
});

describe('buildSinglesMenu: players without cards', () => {
  const withCards = new Set(['Kylian Mbappe', 'Sasha Vezenkov']);
  const shown = buildSinglesMenu(CATEGORIES, (player) => withCards.has(player));
  const sport = (label: string) => shown.find((node) => node.label === label);

  it('leaves out the players who have no cards', () => {
    const realMadrid = child(child(sport('SOCCER'), 'La Liga'), 'Real Madrid');
    expect(labels(realMadrid?.children)).toEqual(['Kylian Mbappe']);
    expect(labels(child(sport('EUROLEAGUE'), 'Olympiacos')?.children)).toEqual(['Sasha Vezenkov']);
  });

  it("links a team without any player's cards to its listing instead of an empty list", () => {
    const panathinaikos = child(sport('EUROLEAGUE'), 'Panathinaikos');
    expect(panathinaikos?.children).toBeUndefined();
    expect(panathinaikos?.href).toBe('/singles?category=EUROLEAGUE&team=Panathinaikos');
  });
});
