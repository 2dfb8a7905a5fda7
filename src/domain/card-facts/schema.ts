import { z } from 'zod';
import { singleLine } from '../text/plain-text.ts';
import {
  type CardFacts,
  CERT_NUMBER_MAX,
  CERT_NUMBER_PATTERN,
  CONDITIONS,
  conditionCode,
  FACT_MESSAGES,
  FACT_TEXT_MAX,
  type FactFieldName,
  type FactFields,
  type FactName,
  GRADERS,
  MAX_PRINT_RUN,
  seasonStartYear,
} from './facts.ts';

/**
 * The rules of card facts (decision 050): one zod schema checks the admin form, the API, the CSV
 * import and the adapters, so a rule and its Greek message live here once.
 */

const optionalText = z
  .string()
  .overwrite(singleLine)
  .max(FACT_TEXT_MAX, { error: FACT_MESSAGES.textTooLong })
  .nullable();

/** The stored shape: what crosses the commerce port. */
export const cardFactsSchema = z
  .object({
    year: z
      .string()
      .trim()
      .refine((value) => seasonStartYear(value) !== null, { error: FACT_MESSAGES.year })
      .nullable(),
    manufacturer: optionalText,
    set: optionalText,
    cardNumber: optionalText,
    parallel: optionalText,
    rookie: z.boolean(),
    autograph: z.boolean(),
    patch: z.boolean(),
    serialNumber: z.number().int({ error: FACT_MESSAGES.serialFormat }).min(1).nullable(),
    printRun: z
      .number({ error: FACT_MESSAGES.printRun })
      .int({ error: FACT_MESSAGES.printRun })
      .min(1, { error: FACT_MESSAGES.printRun })
      .max(MAX_PRINT_RUN, { error: FACT_MESSAGES.printRun })
      .nullable(),
    grader: z.enum(GRADERS, { error: FACT_MESSAGES.grader }).nullable(),
    grade: z
      .number({ error: FACT_MESSAGES.gradeRange })
      .min(1, { error: FACT_MESSAGES.gradeRange })
      .max(10, { error: FACT_MESSAGES.gradeRange })
      .nullable(),
    condition: z.enum(CONDITIONS, { error: FACT_MESSAGES.condition }).nullable(),
    certNumber: z
      .string()
      .trim()
      .max(CERT_NUMBER_MAX, { error: FACT_MESSAGES.certFormat })
      .regex(CERT_NUMBER_PATTERN, { error: FACT_MESSAGES.certFormat })
      .nullable(),
  })
  .superRefine((facts, context) => {
    for (const [path, message] of Object.entries(crossFieldProblems(facts)))
      context.addIssue({ code: 'custom', path: [path], message });
  });

/**
 * The rules that tie facts together: serial within print run, grade with its grader, condition
 * only raw, a certificate number only on a graded card.
 */
function crossFieldProblems(facts: CardFacts): Partial<Record<FactName, string>> {
  const problems: Partial<Record<FactName, string>> = {};
  if (facts.serialNumber !== null && facts.printRun === null)
    problems.serialNumber = FACT_MESSAGES.serialFormat;
  if (facts.serialNumber !== null && facts.printRun !== null && facts.serialNumber > facts.printRun)
    problems.serialNumber = FACT_MESSAGES.serialOver;
  const graded = facts.grader !== null && facts.grader !== 'RAW';
  if (facts.grade !== null) {
    if (!graded) problems.grade = FACT_MESSAGES.gradeNeedsGrader;
    else if (!Number.isInteger(facts.grade * 2)) problems.grade = FACT_MESSAGES.gradeHalf;
    else if (facts.grader === 'PSA' && !Number.isInteger(facts.grade) && facts.grade > 8.5)
      problems.grade = FACT_MESSAGES.psaHalf;
  } else if (graded) problems.grade = FACT_MESSAGES.graderNeedsGrade;
  if (facts.condition !== null && graded) problems.condition = FACT_MESSAGES.conditionGraded;
  if (facts.certNumber !== null && !graded) problems.certNumber = FACT_MESSAGES.certNeedsGrader;
  return problems;
}

/** The API's schema of the text form (lengths only; meaning is checked by parseFactFields). */
export const factFieldsSchema = z.object({
  year: z.string().max(20).default(''),
  manufacturer: z.string().max(400).default(''),
  set: z.string().max(400).default(''),
  cardNumber: z.string().max(400).default(''),
  parallel: z.string().max(400).default(''),
  rookie: z.boolean().default(false),
  autograph: z.boolean().default(false),
  patch: z.boolean().default(false),
  serial: z.string().max(40).default(''),
  grader: z.string().max(20).default(''),
  grade: z.string().max(20).default(''),
  condition: z.string().max(40).default(''),
  certNumber: z.string().max(60).default(''),
});

/** Which text field a stored fact's problem belongs to. */
const FIELD_OF: Record<FactName, FactFieldName> = {
  year: 'year',
  manufacturer: 'manufacturer',
  set: 'set',
  cardNumber: 'cardNumber',
  parallel: 'parallel',
  rookie: 'rookie',
  autograph: 'autograph',
  patch: 'patch',
  serialNumber: 'serial',
  printRun: 'serial',
  grader: 'grader',
  grade: 'grade',
  condition: 'condition',
  certNumber: 'certNumber',
};

export type FactParse =
  | { ok: true; facts: CardFacts }
  | { ok: false; errors: Partial<Record<FactFieldName, string>> };

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Reads the text form into facts, or says in Greek what is wrong with each field. */
export function parseFactFields(fields: FactFields): FactParse {
  const errors: Partial<Record<FactFieldName, string>> = {};
  let serialNumber: number | null = null;
  let printRun: number | null = null;
  const serial = fields.serial.replace(/\s+/g, '');
  if (serial !== '') {
    const match = /^#?(\d{1,6})?\/(\d{1,6})$/.exec(serial);
    if (!match) errors.serial = FACT_MESSAGES.serialFormat;
    else {
      serialNumber = match[1] === undefined ? null : Number(match[1]);
      printRun = Number(match[2]);
      if (serialNumber === 0) errors.serial = FACT_MESSAGES.serialFormat;
    }
  }
  let grader: string | null = blankToNull(fields.grader)?.toUpperCase() ?? null;
  if (grader !== null && !(GRADERS as readonly string[]).includes(grader)) {
    errors.grader = FACT_MESSAGES.grader;
    grader = null;
  }
  let grade: number | null = null;
  const gradeText = fields.grade.trim().replace(',', '.');
  if (gradeText !== '') {
    if (!/^\d{1,2}(\.\d)?$/.test(gradeText)) errors.grade = FACT_MESSAGES.gradeRange;
    else grade = Number(gradeText);
  }
  let condition: string | null = blankToNull(fields.condition);
  if (condition !== null) {
    const code = conditionCode(condition);
    if (code === null) errors.condition = FACT_MESSAGES.condition;
    condition = code;
  }
  // Spaces are how a label groups the digits, not part of the number.
  const certNumber = blankToNull(fields.certNumber.replace(/\s+/g, ''));
  // A raw card's condition says it is raw, even when the grader column was left empty.
  if (grader === null && condition !== null && !errors.grader) grader = 'RAW';

  const candidate = {
    year: blankToNull(fields.year),
    manufacturer: blankToNull(fields.manufacturer),
    set: blankToNull(fields.set),
    cardNumber: blankToNull(fields.cardNumber)?.replace(/^#/, '') ?? null,
    parallel: blankToNull(fields.parallel),
    rookie: fields.rookie,
    autograph: fields.autograph,
    patch: fields.patch,
    serialNumber,
    printRun,
    grader,
    grade,
    condition,
    certNumber,
  };
  const result = cardFactsSchema.safeParse(candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FIELD_OF[issue.path[0] as FactName] ?? 'year';
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors };
  return { ok: true, facts: result.data };
}
