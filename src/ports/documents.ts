import { z } from 'zod';

/** Category documents as the spec shapes them: categories/{id} with name and teams[]. */
export const playerSchema = z.object({
  name: z.string().trim().min(1).max(120),
  image: z.string().max(500),
});
export const teamSchema = z.object({
  name: z.string().trim().min(1).max(120),
  image: z.string().max(500),
  players: z.array(playerSchema),
});
export const categorySchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(120),
  teams: z.array(teamSchema),
});

export type Player = z.infer<typeof playerSchema>;
export type Team = z.infer<typeof teamSchema>;
export type Category = z.infer<typeof categorySchema>;

export interface DocumentsPort {
  /** Every document of the 'categories' collection. */
  listCategories(): Promise<Category[]>;
  /** Creates or replaces one category document whole. */
  putCategory(category: Category): Promise<void>;
  /** A number that grows on every change, so builds and caches know when to refresh. */
  version(): Promise<number>;
  /**
   * Appends a player (with the default image) to one team, as one atomic update of the category
   * document, so admins adding players at the same moment never undo each other. Refuses a name
   * the team already has. Answers the updated category.
   */
  addPlayer(categoryId: string, teamName: string, playerName: string): Promise<Category>;
  /** Removes a player from one team, as one atomic update; answers the updated category. */
  deletePlayer(categoryId: string, teamName: string, playerName: string): Promise<Category>;
}
