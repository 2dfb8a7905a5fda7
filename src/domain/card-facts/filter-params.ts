import { z } from 'zod';
import type { FactParam } from '../catalog/singles-filters.ts';
import { conditionCode, FACT_MESSAGES, GRADERS, MAX_CARD_YEAR, MIN_CARD_YEAR } from './facts.ts';
import type { FactFilter } from './filter.ts';

export const FACT_FILTER_MESSAGES = {
  year: `Η χρονιά πρέπει να είναι έτος από ${MIN_CARD_YEAR} έως ${MAX_CARD_YEAR} (π.χ. 2018).`,
  yearOrder: 'Η χρονιά «από» δεν μπορεί να είναι μετά τη χρονιά «έως».',
  grade: FACT_MESSAGES.gradeRange,
} as const;

/** The options the singles browser offers for "numbered": any serial-numbered card, or /99 and lower. */
export const NUMBERED_OPTIONS = { any: undefined, '99': 99 } as const;

const flag = z
  .string()
  .optional()
  .transform((value) => (value === '1' || value === 'on' || value === 'true' ? true : undefined));

const year = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    const number = Number(value);
    if (!/^\d{4}$/.test(value) || number < MIN_CARD_YEAR || number > MAX_CARD_YEAR) {
      context.addIssue({ code: 'custom', message: FACT_FILTER_MESSAGES.year });
      return z.NEVER;
    }
    return number;
  });

const text = z
  .string()
  .trim()
  .max(120)
  .optional()
  .transform((value) => value || undefined);

/**
 * The singles URL's card-fact parameters (decision 051): from, to (first year of the season), maker,
 * set, rc, auto, patch (1), numbered (any or 99), grader, grade (minimum), condition (minimum).
 * A malformed year or grade is the shopper's mistake and answers 400; an unknown choice is ignored.
 */
export const factParamsSchema = z
  .object({
    from: year,
    to: year,
    maker: text,
    set: text,
    rc: flag,
    auto: flag,
    patch: flag,
    numbered: z.enum(['any', '99']).optional().catch(undefined),
    grader: z
      .string()
      .optional()
      .transform((value) => {
        const upper = value?.trim().toUpperCase();
        return (GRADERS as readonly string[]).includes(upper ?? '')
          ? (upper as (typeof GRADERS)[number])
          : undefined;
      }),
    grade: z
      .string()
      .trim()
      .optional()
      .transform((value, context) => {
        if (!value) return undefined;
        const number = Number(value.replace(',', '.'));
        if (!/^\d{1,2}([.,]\d)?$/.test(value) || number < 1 || number > 10) {
          context.addIssue({ code: 'custom', message: FACT_FILTER_MESSAGES.grade });
          return z.NEVER;
        }
        return number;
      }),
    condition: z
      .string()
      .optional()
      .transform((value) => (value ? (conditionCode(value) ?? undefined) : undefined)),
  } satisfies Record<FactParam, z.ZodType>)
  .superRefine((params, context) => {
    if (params.from !== undefined && params.to !== undefined && params.from > params.to)
      context.addIssue({ code: 'custom', path: ['from'], message: FACT_FILTER_MESSAGES.yearOrder });
  });

/** The catalogue's fact filter from the parsed parameters (only what is set). */
export function toFactFilter(params: z.output<typeof factParamsSchema>): FactFilter {
  const filter: FactFilter = {};
  if (params.from !== undefined) filter.yearFrom = params.from;
  if (params.to !== undefined) filter.yearTo = params.to;
  if (params.maker !== undefined) filter.manufacturer = params.maker;
  if (params.set !== undefined) filter.set = params.set;
  if (params.rc) filter.rookie = true;
  if (params.auto) filter.autograph = true;
  if (params.patch) filter.patch = true;
  if (params.numbered !== undefined) {
    filter.numbered = true;
    const max = NUMBERED_OPTIONS[params.numbered];
    if (max !== undefined) filter.maxPrintRun = max;
  }
  if (params.grader !== undefined) filter.grader = params.grader;
  if (params.grade !== undefined) filter.minGrade = params.grade;
  if (params.condition !== undefined) filter.minCondition = params.condition;
  return filter;
}
