import type { CatalogPage, CatalogQuery } from '../../src/domain/catalog/query.ts';
import { categoryGroup } from '../../src/domain/catalog/sports.ts';
import { openShop } from '../fixtures/shop.ts';

/** The singles browser's page size (spec section 9). */
export const PAGE_SIZE = 25;

/** The catalogue as the engine holds it, to compare the page with the data. */
export async function enginePage(filters: Partial<CatalogQuery>): Promise<CatalogPage> {
  const shop = openShop();
  try {
    return await shop.commerce.searchProducts({ sort: 'newest', page: 1, pageSize: PAGE_SIZE, ...filters });
  } finally {
    shop.close();
  }
}

/** Team names of one sport, from the category documents. */
export async function teamsOf(sport: string): Promise<string[]> {
  const shop = openShop();
  try {
    const categories = await shop.documents.listCategories();
    return categories
      .filter((category) => categoryGroup(category.id)?.sport === sport)
      .flatMap((category) => category.teams.map((team) => team.name));
  } finally {
    shop.close();
  }
}
