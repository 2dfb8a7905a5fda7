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
import { type Counters, readCounters } from '../database/counters.ts';
import type { ShopDatabase } from '../database/shop-database.ts';

const teamsSchema = z.array(teamSchema);

/**
 * The 'categories' collection as JSON documents in the shop's database, SQLite or PostgreSQL, one
 * row per document. A change to one team is a read-modify-write in one transaction that holds the
 * row from the read on: SQLite's transactions take its one write lock as they begin, and on
 * PostgreSQL the read locks the row (FOR UPDATE). Two changes to one document, from any process or
 * instance, follow each other, and no update is lost.
 */
export function createDatabaseDocuments(
  store: ShopDatabase,
  options: { counters?: Counters } = {},
): DocumentsPort {
  const { db } = store;
  const counters = options.counters ?? readCounters(store);
  const updateTeam = (categoryId: string, teamName: string, change: TeamChange): Promise<Category> =>
    store.transaction(async (trx) => {
      const row = await trx
        .selectFrom('categories')
        .select(['id', 'name', 'teams_json'])
        .where('id', '=', categoryId)
        .$if(store.dialect === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', PLAYER_MESSAGES.categoryNotFound);
      const teams = changeTeam(teamsSchema.parse(JSON.parse(row.teams_json)), teamName, change);
      await trx
        .updateTable('categories')
        .set((eb) => ({
          teams_json: JSON.stringify(teams),
          updated_at: new Date().toISOString(),
          revision: eb('revision', '+', 1),
        }))
        .where('id', '=', categoryId)
        .execute();
      return { id: row.id, name: row.name, teams } satisfies Category;
    });

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
      return (await counters.read()).documents ?? 0;
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
