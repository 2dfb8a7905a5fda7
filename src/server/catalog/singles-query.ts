import { z } from 'zod';
import { type FactFilter, isEmptyFactFilter } from '../../domain/card-facts/filter.ts';
import { factParamsSchema, toFactFilter } from '../../domain/card-facts/filter-params.ts';
import type { Category } from '../../domain/catalog/category.ts';
import { parsePriceRange } from '../../domain/catalog/price-input.ts';
import { CATALOG_SORTS, type CatalogPage, type CatalogQuery } from '../../domain/catalog/query.ts';
import { categoryGroup, SPORTS } from '../../domain/catalog/sports.ts';
import { AppError } from '../../domain/errors.ts';
import { greekZodError } from '../../domain/text/validation-messages.ts';
import type { Container } from '../container.ts';
import { storefrontCategories } from './storefront-data.ts';

export const SINGLES_PAGE_SIZE = 25;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);
const priceText = z
  .string()
  .trim()
  .max(12)
  .optional()
  .transform((value, context) => {
    const cents = parsePriceRange(value ?? '');
    if (cents === null) {
      context.addIssue({
        code: 'custom',
        message: 'Η τιμή πρέπει να είναι θετικός αριθμός με έως 2 δεκαδικά.',
      });
      return z.NEVER;
    }
    return cents;
  });

/**
 * The singles browser's URL: ?search=&category=&team=&player=&min=&max=&sort=&page=, and the
 * card-fact filters (from, to, maker, set, rc, auto, patch, numbered, grader, grade, condition).
 */
export const singlesParamsSchema = z.object({
  search: text(100),
  category: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) =>
      (SPORTS as readonly string[]).includes(value ?? '') ? (value as (typeof SPORTS)[number]) : undefined,
    ),
  team: text(120),
  player: text(120),
  min: priceText,
  max: priceText,
  sort: z.enum(CATALOG_SORTS).catch('newest'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type SinglesParams = z.infer<typeof singlesParamsSchema> & { facts: FactFilter };

export function parseSinglesParams(params: URLSearchParams): SinglesParams {
  const entries = Object.fromEntries(params);
  const result = singlesParamsSchema.safeParse(entries, { error: greekZodError });
  const facts = factParamsSchema.safeParse(entries, { error: greekZodError });
  const issue = result.error?.issues[0] ?? facts.error?.issues[0];
  if (!result.success || !facts.success) throw new AppError('invalid', issue?.message ?? 'Μη έγκυρα φίλτρα.');
  return { ...result.data, facts: toFactFilter(facts.data) };
}

/** Team names of a sport, from the category documents. */
export function teamsOfSport(categories: readonly Category[], sport: string): string[] {
  return categories
    .filter((category) => categoryGroup(category.id)?.sport === sport)
    .flatMap((category) => category.teams.map((team) => team.name));
}

/** Runs a singles query: the sport becomes its teams (from the documents port), the player a title match. */
export async function searchSingles(container: Container, params: SinglesParams): Promise<CatalogPage> {
  const query: CatalogQuery = { sort: params.sort, page: params.page, pageSize: SINGLES_PAGE_SIZE };
  if (params.search) query.search = params.search;
  if (params.team) query.teams = [params.team];
  else if (params.category)
    query.teams = teamsOfSport(await storefrontCategories(container), params.category);
  if (params.player) query.titleContains = params.player;
  if (params.min !== undefined) query.minPriceCents = params.min;
  if (params.max !== undefined) query.maxPriceCents = params.max;
  if (!isEmptyFactFilter(params.facts)) query.facts = params.facts;
  return container.commerce.searchProducts(query);
}
