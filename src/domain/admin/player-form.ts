import type { Category, Team } from '../catalog/category.ts';
import { foldText } from '../text/fold.ts';

/** The dashboard's player form (spec sections 2c, 5 and 8), checked the same way in the browser and on the server. */
export const PLAYER_MESSAGES = {
  required: 'Παρακαλώ εισαγάγετε όνομα παίκτη και επιλέξτε ομάδα.',
  tooLong: 'Το όνομα του παίκτη μπορεί να έχει έως 120 χαρακτήρες.',
  badCharacters: 'Το όνομα του παίκτη δεν μπορεί να περιέχει τους χαρακτήρες / \\ ? # %.',
  noCategoryForTeam: 'Δεν βρέθηκε κατηγορία για την επιλεγμένη ομάδα.',
  categoryNotFound: 'Η κατηγορία δεν βρέθηκε.',
  teamNotFound: 'Η ομάδα δεν βρέθηκε.',
  noPlayers: 'Δεν υπάρχουν παίκτες.',
  exists: (player: string, team: string) => `Ο παίκτης ${player} υπάρχει ήδη στην ομάδα ${team}.`,
  playerNotFound: (player: string, team: string) => `Ο παίκτης ${player} δεν βρέθηκε στην ομάδα ${team}.`,
  added: (player: string, team: string) => `Ο παίκτης ${player} προστέθηκε στην ομάδα ${team}.`,
  deleted: (player: string, team: string) => `Ο παίκτης ${player} διαγράφηκε από την ομάδα ${team}.`,
  confirmDelete: (player: string, team: string) =>
    `Είστε σίγουροι ότι θέλετε να διαγράψετε τον παίκτη ${player} από την ομάδα ${team};`,
  addFailed: (message: string) => `Σφάλμα προσθήκης παίκτη: ${message}`,
  deleteFailed: (message: string) => `Σφάλμα διαγραφής παίκτη: ${message}`,
  loadFailed: (message: string) => `Αποτυχία φόρτωσης κατηγοριών: ${message}`,
} as const;

export const PLAYER_NAME_MAX = 120;

/**
 * A player's name becomes a path segment of his pre-rendered page (/player/{name}/{team}): a name
 * of dots, or one holding a slash or an escape character, would write or serve the wrong file.
 */
const UNSAFE_NAME = /[/\\?#%\p{Cc}]/u;
const ONLY_DOTS = /^\.+$/;

export type PlayerForm = { playerName: string; teamName: string };

/** Collapses runs of spaces, so ' Jayson   Tatum ' is stored as 'Jayson Tatum'. */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The first problem with the form, or null when it may be sent. */
export function playerFormError({ playerName, teamName }: PlayerForm): string | null {
  const name = cleanName(playerName);
  if (name === '' || cleanName(teamName) === '') return PLAYER_MESSAGES.required;
  if (name.length > PLAYER_NAME_MAX) return PLAYER_MESSAGES.tooLong;
  if (UNSAFE_NAME.test(name) || ONLY_DOTS.test(name)) return PLAYER_MESSAGES.badCharacters;
  return null;
}

/**
 * Two names are the same player when they fold equal (case, accents, spacing), the same rule
 * the player pages use to find a player, so two entries can never compete for one page.
 */
export function sameName(a: string, b: string): boolean {
  return foldText(cleanName(a)) === foldText(cleanName(b));
}

/** The category that holds the team (team names are unique across categories), or undefined. */
export function findTeamCategory(
  categories: readonly Category[],
  teamName: string,
): { category: Category; team: Team } | undefined {
  for (const category of categories) {
    const team = category.teams.find((candidate) => sameName(candidate.name, teamName));
    if (team) return { category, team };
  }
  return undefined;
}
