import { cleanName, PLAYER_MESSAGES, playerFormError, sameName } from '../admin/player-form.ts';
import { AppError } from '../errors.ts';
import type { Team } from './category.ts';
import { DEFAULT_PLAYER_IMAGE } from './sports.ts';

/**
 * The player changes of the documents port, as pure steps over a category's teams: every adapter
 * runs the same rules inside its own atomic update (SQLite transaction, Firestore transaction).
 * A refusal is thrown as an AppError, so the update that ran the step writes nothing.
 */
export type TeamChange = (team: Team) => Team;

/** Checks the name before any read; throws the form's message when it cannot be a player. */
export function checkNewPlayer(teamName: string, playerName: string): void {
  const problem = playerFormError({ playerName, teamName });
  if (problem) throw new AppError('invalid', problem);
}

export function addPlayerTo(playerName: string): TeamChange {
  const name = cleanName(playerName);
  return (team) => {
    const existing = team.players.find((player) => sameName(player.name, name));
    if (existing) throw new AppError('conflict', PLAYER_MESSAGES.exists(existing.name, team.name));
    return { ...team, players: [...team.players, { name, image: DEFAULT_PLAYER_IMAGE }] };
  };
}

export function deletePlayerFrom(playerName: string): TeamChange {
  return (team) => {
    const players = team.players.filter((player) => !sameName(player.name, playerName));
    if (players.length === team.players.length)
      throw new AppError('not_found', PLAYER_MESSAGES.playerNotFound(cleanName(playerName), team.name));
    return { ...team, players };
  };
}

/** The teams with one team changed; throws not_found when the team is not in them. */
export function changeTeam(teams: readonly Team[], teamName: string, change: TeamChange): Team[] {
  const index = teams.findIndex((team) => sameName(team.name, teamName));
  const team = teams[index];
  if (!team) throw new AppError('not_found', PLAYER_MESSAGES.teamNotFound);
  const changed = [...teams];
  changed[index] = change(team);
  return changed;
}
