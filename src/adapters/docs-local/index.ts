import { z } from 'zod';
import { cleanName, PLAYER_MESSAGES, playerFormError, sameName } from '../../domain/player-form.ts';
import { DEFAULT_PLAYER_IMAGE } from '../../domain/sports.ts';
import {
  type Category,
  categorySchema,
  type DocumentsPort,
  type Team,
  teamSchema,
} from '../../ports/documents.ts';
import { AppError } from '../../ports/errors.ts';
import type { Engine } from '../sqlite/database.ts';

const teamsSchema = z.array(teamSchema);

type CategoryRow = { id: string; name: string; teams_json: string };
/** Changes one team; throws an AppError to refuse (the transaction then writes nothing). */
type TeamChange = (team: Team) => Team;

/** The 'categories' collection as JSON documents in SQLite, one row per document. */
export function createLocalDocuments({ db, sqlite }: Engine): DocumentsPort {
  const readRow = sqlite.prepare<[string], CategoryRow>(
    'SELECT id, name, teams_json FROM categories WHERE id = ?',
  );
  const writeTeams = sqlite.prepare<[string, string, string]>(
    'UPDATE categories SET teams_json = ?, updated_at = ?, revision = revision + 1 WHERE id = ?',
  );

  /**
   * Read-modify-write of one team inside one IMMEDIATE transaction: the write lock is taken before
   * the read, so another process cannot change the document in between, and the body is synchronous,
   * so nothing in this process can either. No update is ever lost.
   */
  const changeTeam = sqlite.transaction((categoryId: string, teamName: string, change: TeamChange) => {
    const row = readRow.get(categoryId);
    if (!row) throw new AppError('not_found', PLAYER_MESSAGES.categoryNotFound);
    const teams = teamsSchema.parse(JSON.parse(row.teams_json));
    const index = teams.findIndex((team) => sameName(team.name, teamName));
    const team = teams[index];
    if (!team) throw new AppError('not_found', PLAYER_MESSAGES.teamNotFound);
    teams[index] = change(team);
    writeTeams.run(JSON.stringify(teams), new Date().toISOString(), categoryId);
    return { id: row.id, name: row.name, teams } satisfies Category;
  });

  /**
   * Kysely's transactions hold its connection lock across awaits; taking that lock first means
   * our synchronous transaction never runs inside one of theirs (where it would only be a savepoint).
   */
  const updateTeam = (categoryId: string, teamName: string, change: TeamChange): Promise<Category> =>
    db.connection().execute(async () => changeTeam.immediate(categoryId, teamName, change));

  return {
    async listCategories() {
      const rows = await db.selectFrom('categories').selectAll().orderBy('id').execute();
      return rows.map(
        (row): Category => ({
          id: row.id,
          name: row.name,
          teams: teamsSchema.parse(JSON.parse(row.teams_json)),
        }),
      );
    },

    async putCategory(category) {
      const { id, name, teams } = categorySchema.parse(category);
      const now = new Date().toISOString();
      await db
        .insertInto('categories')
        .values({ id, name, teams_json: JSON.stringify(teams), updated_at: now })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            name,
            teams_json: JSON.stringify(teams),
            updated_at: now,
            revision: eb('categories.revision', '+', 1),
          })),
        )
        .execute();
    },

    async version() {
      const row = await db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'documents')
        .executeTakeFirstOrThrow();
      return row.value;
    },

    async addPlayer(categoryId, teamName, playerName) {
      const problem = playerFormError({ playerName, teamName });
      if (problem) throw new AppError('invalid', problem);
      const name = cleanName(playerName);
      return updateTeam(categoryId, teamName, (team) => {
        const existing = team.players.find((player) => sameName(player.name, name));
        if (existing) throw new AppError('conflict', PLAYER_MESSAGES.exists(existing.name, team.name));
        return { ...team, players: [...team.players, { name, image: DEFAULT_PLAYER_IMAGE }] };
      });
    },

    async deletePlayer(categoryId, teamName, playerName) {
      return updateTeam(categoryId, teamName, (team) => {
        const players = team.players.filter((player) => !sameName(player.name, playerName));
        if (players.length === team.players.length)
          throw new AppError('not_found', PLAYER_MESSAGES.playerNotFound(cleanName(playerName), team.name));
        return { ...team, players };
      });
    },
  };
}
