import { describe, expect, it } from 'vitest';
import {
  cleanName,
  findTeamCategory,
  PLAYER_MESSAGES,
  playerFormError,
  sameName,
} from '../../../src/domain/admin/player-form.ts';
import type { Category } from '../../../src/domain/catalog/category.ts';

const REQUIRED = 'Παρακαλώ εισαγάγετε όνομα παίκτη και επιλέξτε ομάδα.';

describe('playerFormError', () => {
  it('accepts a name and a team', () => {
    expect(playerFormError({ playerName: 'Jayson Tatum', teamName: 'Boston Celtics' })).toBeNull();
    expect(playerFormError({ playerName: "D'Angelo Russell Jr.", teamName: 'x' })).toBeNull();
    expect(playerFormError({ playerName: 'Σάσα Βεζένκοφ', teamName: 'Olympiacos' })).toBeNull();
  });

  it('needs both, with the spec message', () => {
    expect(PLAYER_MESSAGES.required).toBe(REQUIRED);
    for (const form of [
      { playerName: '', teamName: 'Boston Celtics' },
      { playerName: '   ', teamName: 'Boston Celtics' },
      { playerName: 'Jayson Tatum', teamName: '' },
      { playerName: 'Jayson Tatum', teamName: ' \t' },
      { playerName: '', teamName: '' },
    ]) {
      expect(playerFormError(form), JSON.stringify(form)).toBe(REQUIRED);
    }
  });

  it('limits the length to 120 characters', () => {
    expect(playerFormError({ playerName: 'a'.repeat(120), teamName: 't' })).toBeNull();
    expect(playerFormError({ playerName: 'a'.repeat(121), teamName: 't' })).toBe(PLAYER_MESSAGES.tooLong);
  });

  it('refuses names that would break the player page path', () => {
    for (const playerName of ['a/b', 'a\\b', 'who?', '#1', '100%', '..', '.', 'bell\u0007']) {
      expect(playerFormError({ playerName, teamName: 't' }), playerName).toBe(PLAYER_MESSAGES.badCharacters);
    }
    expect(playerFormError({ playerName: 'A.J. Brown', teamName: 't' })).toBeNull();
  });
});

describe('names', () => {
  it('cleans spaces', () => {
    expect(cleanName('  Jayson   Tatum ')).toBe('Jayson Tatum');
  });

  it('compares ignoring case, accents and spacing', () => {
    expect(sameName('Jayson Tatum', ' jayson  TATUM ')).toBe(true);
    expect(sameName('Luka Dončić', 'luka doncic')).toBe(true);
    expect(sameName('Σάσα Βεζένκοφ', 'ΣΑΣΑ ΒΕΖΕΝΚΟΦ')).toBe(true);
    expect(sameName('Jayson Tatum', 'Jaylen Brown')).toBe(false);
  });
});

describe('findTeamCategory', () => {
  const categories: Category[] = [
    { id: 'nba-atlantic', name: 'Atlantic', teams: [{ name: 'Boston Celtics', image: '', players: [] }] },
    { id: 'euroleague', name: 'Euroleague', teams: [{ name: 'Olympiacos', image: '', players: [] }] },
  ];

  it('finds the category that holds the team', () => {
    expect(findTeamCategory(categories, 'Olympiacos')?.category.id).toBe('euroleague');
    expect(findTeamCategory(categories, ' boston celtics')?.team.name).toBe('Boston Celtics');
  });

  it('answers undefined for an unknown team', () => {
    expect(findTeamCategory(categories, 'Panathinaikos')).toBeUndefined();
    expect(findTeamCategory([], 'Olympiacos')).toBeUndefined();
  });

  it('words the messages as the spec does', () => {
    expect(PLAYER_MESSAGES.noCategoryForTeam).toBe('Δεν βρέθηκε κατηγορία για την επιλεγμένη ομάδα.');
    expect(PLAYER_MESSAGES.categoryNotFound).toBe('Η κατηγορία δεν βρέθηκε.');
    expect(PLAYER_MESSAGES.teamNotFound).toBe('Η ομάδα δεν βρέθηκε.');
    expect(PLAYER_MESSAGES.addFailed('x')).toBe('Σφάλμα προσθήκης παίκτη: x');
    expect(PLAYER_MESSAGES.deleteFailed('x')).toBe('Σφάλμα διαγραφής παίκτη: x');
    expect(PLAYER_MESSAGES.loadFailed('x')).toBe('Αποτυχία φόρτωσης κατηγοριών: x');
    expect(PLAYER_MESSAGES.noPlayers).toBe('Δεν υπάρχουν παίκτες.');
  });
});
