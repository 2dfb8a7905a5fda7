import { type SelectQueryBuilder, sql } from 'kysely';
import { conditionsAtLeast, type FactFilter } from '../../domain/card-facts/filter.ts';
import { foldText } from '../../domain/text/fold.ts';
import type { DB } from '../database/schema.ts';

type Base = SelectQueryBuilder<DB, 'products', object>;

/**
 * The singles fact filters in SQL, each on a column of migration 010 that has its own index. The
 * yes/no facts are written as literals (`rookie = 1`), because SQLite uses a partial index only
 * when the query states the index's own condition; a bound parameter would hide it.
 */
export function withFactFilter(query: Base, filter: FactFilter): Base {
  let base = query;
  if (filter.yearFrom !== undefined) base = base.where('products.card_year_start', '>=', filter.yearFrom);
  if (filter.yearTo !== undefined) base = base.where('products.card_year_start', '<=', filter.yearTo);
  if (filter.manufacturer !== undefined)
    base = base.where('products.manufacturer_key', '=', foldText(filter.manufacturer));
  if (filter.set !== undefined) base = base.where('products.set_key', '=', foldText(filter.set));
  if (filter.rookie) base = base.where(sql<boolean>`products.rookie = 1`);
  if (filter.autograph) base = base.where(sql<boolean>`products.autograph = 1`);
  if (filter.patch) base = base.where(sql<boolean>`products.patch = 1`);
  // The IS NOT NULL term is the partial index's own condition, stated so the planner sees it.
  if (filter.numbered || filter.maxPrintRun !== undefined)
    base = base.where(sql<boolean>`products.print_run IS NOT NULL`);
  if (filter.maxPrintRun !== undefined) base = base.where('products.print_run', '<=', filter.maxPrintRun);
  if (filter.grader !== undefined) base = base.where('products.grader', '=', filter.grader);
  if (filter.minGrade !== undefined) base = base.where('products.grade', '>=', filter.minGrade);
  if (filter.minCondition !== undefined)
    base = base.where('products.card_condition', 'in', conditionsAtLeast(filter.minCondition));
  return base;
}
