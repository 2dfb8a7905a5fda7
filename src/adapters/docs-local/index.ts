import { z } from 'zod';
import { type Category, categorySchema, type DocumentsPort, teamSchema } from '../../ports/documents.ts';
import type { Engine } from '../sqlite/database.ts';

const teamsSchema = z.array(teamSchema);

/** The 'categories' collection as JSON documents in SQLite, one row per document. */
export function createLocalDocuments({ db }: Engine): DocumentsPort {
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
  };
}
