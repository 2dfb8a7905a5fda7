import type { Category } from '../domain/catalog/category.ts';

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
