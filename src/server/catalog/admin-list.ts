import { z } from 'zod';
import {
  OFFER_FILTERS,
  STOCK_FILTERS,
  type StockFilter,
  sportsByTeam,
  stockBounds,
} from '../../domain/admin/all-products.ts';
import { isPageSize } from '../../domain/admin/lists.ts';
import { teamOfTags } from '../../domain/catalog/offers.ts';
import type { Product } from '../../domain/catalog/product.ts';
import { PRODUCT_KINDS } from '../../domain/catalog/product-kind.ts';
import { CATALOG_SORTS, type CatalogPage, type CatalogQuery } from '../../domain/catalog/query.ts';
import { SPORTS, type Sport } from '../../domain/catalog/sports.ts';
import { foldText } from '../../domain/text/fold.ts';
import type { Container } from '../container.ts';
import { toAdminProduct } from './admin-products.ts';
import { teamsOfSport } from './singles-query.ts';
import { storefrontCategories } from './storefront-data.ts';

/** A filter the dashboard never sends (a hand-edited address) means "any", as a bad sort means newest. */
const anyOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

export const adminListSchema = z.object({
  /** Left out: every product, of every sport and type (the dashboard's one list, issue 33). */
  sport: z.enum(SPORTS).optional(),
  team: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((value) => value || undefined),
  kind: anyOf(PRODUCT_KINDS),
  offer: anyOf(OFFER_FILTERS),
  stock: anyOf(STOCK_FILTERS),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(CATALOG_SORTS).catch('newest'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().refine(isPageSize).catch(10),
});
export type AdminListParams = z.infer<typeof adminListSchema>;

/** The shop's low-stock threshold (its settings; the overview's word for "low"). */
const lowStockThreshold = async (container: Container) =>
  (await container.settings.get()).stock.lowStockThreshold;

/**
 * The dashboard's lists, paged on the server: one sport's products (the spec's path), or every
 * product filtered by type, offer, sport, team and stock; searched by title or team.
 */
export async function listAdminProducts(container: Container, params: AdminListParams): Promise<CatalogPage> {
  const query: CatalogQuery = {
    sort: params.sort,
    page: params.page,
    pageSize: params.pageSize,
  };
  if (params.search) {
    query.search = params.search;
    query.searchIn = 'names';
  }
  const teams = await teamFilter(container, params);
  if (teams) query.teams = teams;
  if (params.kind) query.kind = params.kind;
  if (params.offer) query.offer = params.offer === 'yes';
  if (params.stock) query.stock = await stockFilter(container, params.stock);
  return container.commerce.searchProducts(query);
}

/** The sport's teams, narrowed to the team asked for (none when it plays another sport). */
async function teamFilter(container: Container, params: AdminListParams): Promise<string[] | undefined> {
  if (!params.sport) return params.team ? [params.team] : undefined;
  const teams = teamsOfSport(await storefrontCategories(container), params.sport);
  const team = params.team;
  return team ? teams.filter((name) => foldText(name) === foldText(team)) : teams;
}

async function stockFilter(container: Container, filter: StockFilter) {
  return stockBounds(filter, filter === 'low' ? await lowStockThreshold(container) : 0);
}

/** A row of the dashboard's lists: the form's product, with its team (never the offer marker) and sport. */
export function toAdminListProduct(product: Product, sportOf: (team: string) => Sport | null) {
  const team = teamOfTags(product.tags);
  return { ...toAdminProduct(product), team, sport: sportOf(team) };
}
export type AdminListProduct = ReturnType<typeof toAdminListProduct>;

/**
 * GET /api/admin/products: a page of the list, the shoppers waiting for each listed product
 * (decision 087: «N σε αναμονή») and the low-stock threshold the rows' badges use.
 */
export async function adminListAnswer(container: Container, params: AdminListParams) {
  const [page, categories, threshold] = await Promise.all([
    listAdminProducts(container, params),
    storefrontCategories(container),
    lowStockThreshold(container),
  ]);
  const waiting = await container.stockAlerts.waitingCounts(page.products.map((product) => product.id));
  const sportOf = sportsByTeam(categories);
  return {
    ...page,
    products: page.products.map((product) => toAdminListProduct(product, sportOf)),
    waiting,
    lowStockThreshold: threshold,
  };
}
