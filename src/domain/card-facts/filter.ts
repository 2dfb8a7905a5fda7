import { foldText } from '../text/fold.ts';
import { type CardFacts, CONDITIONS, type Condition, type Grader, seasonStartYear } from './facts.ts';

/** The singles browser's fact filters (all optional; every one given must hold). */
export type FactFilter = {
  /** Season or year, by its first year, inclusive. */
  yearFrom?: number;
  yearTo?: number;
  /** Maker and set, compared case- and accent-insensitively. */
  manufacturer?: string;
  set?: string;
  rookie?: true;
  autograph?: true;
  patch?: true;
  /** Serial-numbered cards only; with maxPrintRun, numbered to that many or fewer (/99 or lower). */
  numbered?: true;
  maxPrintRun?: number;
  grader?: Grader;
  /** A graded card with at least this grade. */
  minGrade?: number;
  /** A raw card in this condition or better. */
  minCondition?: Condition;
};

/** The conditions at least as good as `condition`, best first. */
export function conditionsAtLeast(condition: Condition): Condition[] {
  return CONDITIONS.slice(0, CONDITIONS.indexOf(condition) + 1);
}

export const isEmptyFactFilter = (filter: FactFilter | undefined) =>
  filter === undefined || Object.values(filter).every((value) => value === undefined);

/**
 * The filter's meaning as a plain function, for a backend that cannot run it itself; the embedded
 * engine runs the same rules in SQL and the contract suite holds both to them.
 */
export function matchesFactFilter(facts: CardFacts, filter: FactFilter): boolean {
  const year = facts.year === null ? null : seasonStartYear(facts.year);
  if (filter.yearFrom !== undefined && (year === null || year < filter.yearFrom)) return false;
  if (filter.yearTo !== undefined && (year === null || year > filter.yearTo)) return false;
  if (
    filter.manufacturer !== undefined &&
    foldText(facts.manufacturer ?? '') !== foldText(filter.manufacturer)
  )
    return false;
  if (filter.set !== undefined && foldText(facts.set ?? '') !== foldText(filter.set)) return false;
  if (filter.rookie && !facts.rookie) return false;
  if (filter.autograph && !facts.autograph) return false;
  if (filter.patch && !facts.patch) return false;
  if ((filter.numbered || filter.maxPrintRun !== undefined) && facts.printRun === null) return false;
  if (filter.maxPrintRun !== undefined && (facts.printRun ?? Infinity) > filter.maxPrintRun) return false;
  if (filter.grader !== undefined && facts.grader !== filter.grader) return false;
  if (filter.minGrade !== undefined && (facts.grade === null || facts.grade < filter.minGrade)) return false;
  if (
    filter.minCondition !== undefined &&
    (facts.condition === null || !conditionsAtLeast(filter.minCondition).includes(facts.condition))
  )
    return false;
  return true;
}
