import { describe, expect, it } from 'vitest';
import {
  CATEGORY_GROUPS,
  categoryGroup,
  groupsOfSport,
  isSport,
  parseSport,
  SPORT_LABELS,
  SPORTS,
} from '../../../src/domain/catalog/sports.ts';

describe('CATEGORY_GROUPS', () => {
  it('has 20 groups with unique ids: 6 NBA, 1 EUROLEAGUE, 8 NFL, 5 SOCCER', () => {
    expect(CATEGORY_GROUPS).toHaveLength(20);
    expect(new Set(CATEGORY_GROUPS.map((group) => group.id)).size).toBe(20);
    expect(groupsOfSport('NBA')).toHaveLength(6);
    expect(groupsOfSport('EUROLEAGUE')).toHaveLength(1);
    expect(groupsOfSport('NFL')).toHaveLength(8);
    expect(groupsOfSport('SOCCER')).toHaveLength(5);
  });

  it('labels the groups in the spec order', () => {
    const labels = (sport: (typeof SPORTS)[number]) => groupsOfSport(sport).map((group) => group.label);
    expect(labels('NBA')).toEqual(['Atlantic', 'Southeast', 'Central', 'Southwest', 'Pacific', 'Northwest']);
    expect(labels('EUROLEAGUE')).toEqual(['Euroleague']);
    expect(labels('NFL')).toEqual([
      'AFC West',
      'AFC North',
      'AFC South',
      'AFC East',
      'NFC West',
      'NFC North',
      'NFC South',
      'NFC East',
    ]);
    expect(labels('SOCCER')).toEqual(['Premier League', 'La Liga', 'Serie A', 'Bundesliga', 'Ligue 1']);
  });

  it('lists the sports in order, NBA first', () => {
    expect(CATEGORY_GROUPS.map((group) => group.sport).filter((s, i, all) => all.indexOf(s) === i)).toEqual([
      ...SPORTS,
    ]);
  });

  it('gives every NFL group, and only those, a conference that matches its label', () => {
    for (const group of CATEGORY_GROUPS) {
      if (group.sport === 'NFL') expect(group.label.startsWith(`${group.conference} `)).toBe(true);
      else expect(group.conference).toBeUndefined();
    }
  });
});

describe('categoryGroup', () => {
  it('finds a group by its fixed id', () => {
    expect(categoryGroup('nba-atlantic')).toEqual({ id: 'nba-atlantic', sport: 'NBA', label: 'Atlantic' });
    expect(categoryGroup('euroleague')?.sport).toBe('EUROLEAGUE');
    expect(categoryGroup('nfl-nfc-east')).toEqual({
      id: 'nfl-nfc-east',
      sport: 'NFL',
      label: 'NFC East',
      conference: 'NFC',
    });
    expect(categoryGroup('soccer-premier-league')?.label).toBe('Premier League');
  });

  it('gives undefined for an unknown id', () => {
    expect(categoryGroup('nba-midwest')).toBeUndefined();
    expect(categoryGroup('')).toBeUndefined();
  });
});

describe('SPORTS and SPORT_LABELS', () => {
  it('lists the four sports in spec order with their labels', () => {
    expect(SPORTS).toEqual(['NBA', 'EUROLEAGUE', 'NFL', 'SOCCER']);
    expect(SPORTS.map((sport) => SPORT_LABELS[sport])).toEqual(['NBA', 'Euroleague', 'NFL', 'Soccer']);
  });
});

describe('parseSport', () => {
  it('accepts any case and surrounding spaces', () => {
    expect(parseSport('NBA')).toBe('NBA');
    expect(parseSport('nba')).toBe('NBA');
    expect(parseSport('EuroLeague')).toBe('EUROLEAGUE');
    expect(parseSport(' soccer ')).toBe('SOCCER');
    expect(parseSport('nFl')).toBe('NFL');
  });

  it('gives undefined for anything that names no sport', () => {
    expect(parseSport('hockey')).toBeUndefined();
    expect(parseSport('')).toBeUndefined();
    expect(parseSport('NBA ATLANTIC')).toBeUndefined();
    expect(parseSport(null)).toBeUndefined();
    expect(parseSport(undefined)).toBeUndefined();
  });
});

describe('isSport', () => {
  it('accepts only the exact upper-case sport names', () => {
    expect(isSport('SOCCER')).toBe(true);
    expect(isSport('soccer')).toBe(false);
    expect(isSport(1)).toBe(false);
    expect(isSport(undefined)).toBe(false);
  });
});
