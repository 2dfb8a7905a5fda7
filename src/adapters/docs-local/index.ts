import { z } from 'zod';
import { PLAYER_MESSAGES } from '../../domain/admin/player-form.ts';
import { type Category, categorySchema, teamSchema } from '../../domain/catalog/category.ts';
import {
  addPlayerTo,
  changeTeam,
  checkNewPlayer,
  deletePlayerFrom,
  type TeamChange,
} from '../../domain/catalog/team-players.ts';
import { AppError } from '../../domain/errors.ts';
import type { DocumentsPort } from '../../ports/documents.ts';
import type { Engine } from '../sqlite/database.ts';

const teamsSchema = z.array(teamSchema);

type CategoryRow = { id: string; name: string; teams_json: string };

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
  const changeTeamOf = sqlite.transaction((categoryId: string, teamName: string, change: TeamChange) => {
    const row = readRow.get(categoryId);
    if (!row) throw new AppError('not_found', PLAYER_MESSAGES.categoryNotFound);
    const teams = changeTeam(teamsSchema.parse(JSON.parse(row.teams_json)), teamName, change);
    writeTeams.run(JSON.stringify(teams), new Date().toISOString(), categoryId);
    return { id: row.id, name: row.name, teams } satisfies Category;
  });

  /**
   * Kysely's transactions hold its connection lock across awaits; taking that lock first means
   * our synchronous transaction never runs inside one of theirs (where it would only be a savepoint).
   */
  const updateTeam = (categoryId: string, teamName: string, change: TeamChange): Promise<Category> =>
    db.connection().execute(async () => changeTeamOf.immediate(categoryId, teamName, change));

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
      checkNewPlayer(teamName, playerName);
      return updateTeam(categoryId, teamName, addPlayerTo(playerName));
    },

    async deletePlayer(categoryId, teamName, playerName) {
      return updateTeam(categoryId, teamName, deletePlayerFrom(playerName));
    },
  };
}
