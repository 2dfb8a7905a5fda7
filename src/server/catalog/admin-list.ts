import { z } from 'zod';
import { isPageSize } from '../../domain/admin/lists.ts';
import { CATALOG_SORTS, type CatalogPage } from '../../domain/catalog/query.ts';
import { SPORTS } from '../../domain/catalog/sports.ts';
import type { Container } from '../container.ts';
import { teamsOfSport } from './singles-query.ts';
import { storefrontCategories } from './storefront-data.ts';

export const adminListSchema = z.object({
  sport: z.enum(SPORTS).optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(CATALOG_SORTS).catch('newest'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().refine(isPageSize).catch(10),
});

/** The dashboard's list: one sport's products, searched by title or team, paged on the server. */
export async function listAdminProducts(
  container: Container,
  params: z.infer<typeof adminListSchema>,
): Promise<CatalogPage> {
  const query: Parameters<Container['commerce']['searchProducts']>[0] = {
    sort: params.sort,
    page: params.page,
    pageSize: params.pageSize,
  };
  if (params.search) {
    query.search = params.search;
    query.searchIn = 'names';
  }
  if (params.sport) query.teams = teamsOfSport(await storefrontCategories(container), params.sport);
  return container.commerce.searchProducts(query);
}
