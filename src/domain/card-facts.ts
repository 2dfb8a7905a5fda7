import { z } from 'zod';

/**
 * Card facts: what collectors filter by (decision 050). Every fact is optional; an empty product
 * has EMPTY_FACTS. The same zod schema checks the admin form, the API, the CSV import and the
 * adapters, so a rule and its Greek message live here once.
 */

export const GRADERS = ['PSA', 'BGS', 'SGC', 'CGC', 'RAW'] as const;
export type Grader = (typeof GRADERS)[number];
/** Graders that give a numeric grade (RAW is an ungraded card). */
export const GRADING_COMPANIES = ['PSA', 'BGS', 'SGC', 'CGC'] as const;

/** Raw-card condition, best first (the usual hobby scale). */
export const CONDITIONS = ['MINT', 'NEAR_MINT', 'EXCELLENT', 'VERY_GOOD', 'GOOD', 'FAIR', 'POOR'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Record<Condition, string> = {
  MINT: 'Mint',
  NEAR_MINT: 'Near Mint',
  EXCELLENT: 'Excellent',
  VERY_GOOD: 'Very Good',
  GOOD: 'Good',
  FAIR: 'Fair',
  POOR: 'Poor',
};

/** Known makers, for suggestions in the forms (any other maker is accepted too). */
export const MANUFACTURERS = ['Panini', 'Topps', 'Upper Deck', 'Leaf', 'Futera', 'Fleer', 'Bowman'] as const;

export const FACT_TEXT_MAX = 120;
export const MAX_PRINT_RUN = 100_000;
export const MIN_CARD_YEAR = 1869;
export const MAX_CARD_YEAR = 2100;

export const FACT_MESSAGES = {
  year: 'Η χρονιά πρέπει να είναι έτος (π.χ. 2023) ή σεζόν (π.χ. 2018-19).',
  textTooLong: `Έως ${FACT_TEXT_MAX} χαρακτήρες.`,
  serialFormat: 'Η αρίθμηση πρέπει να έχει τη μορφή 23/99 ή /99.',
  serialOver: 'Ο αριθμός της κάρτας δεν μπορεί να είναι μεγαλύτερος από το σύνολο (π.χ. 23/99).',
  printRun: `Το σύνολο της αρίθμησης πρέπει να είναι από 1 έως ${MAX_PRINT_RUN}.`,
  grader: 'Η εταιρεία βαθμολόγησης πρέπει να είναι PSA, BGS, SGC, CGC ή raw.',
  gradeRange: 'Ο βαθμός πρέπει να είναι αριθμός από 1 έως 10.',
  gradeHalf: 'Ο βαθμός πρέπει να είναι ακέραιος ή μισός (π.χ. 9,5).',
  psaHalf: 'Η PSA δίνει μισούς βαθμούς μόνο από 1,5 έως 8,5.',
  gradeNeedsGrader: 'Ο βαθμός χρειάζεται εταιρεία βαθμολόγησης (PSA, BGS, SGC ή CGC).',
  graderNeedsGrade: 'Συμπληρώστε τον βαθμό της βαθμολογημένης κάρτας.',
  condition: 'Η κατάσταση πρέπει να είναι Mint, Near Mint, Excellent, Very Good, Good, Fair ή Poor.',
  conditionGraded: 'Η κατάσταση συμπληρώνεται μόνο για κάρτες χωρίς βαθμολόγηση (raw).',
  flag: 'Η τιμή πρέπει να είναι ναι ή όχι (TRUE ή FALSE).',
} as const;

const optionalText = z.string().trim().max(FACT_TEXT_MAX, { error: FACT_MESSAGES.textTooLong }).nullable();

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
  })
  .superRefine((facts, context) => {
    for (const [path, message] of Object.entries(crossFieldProblems(facts)))
      context.addIssue({ code: 'custom', path: [path], message });
  });
export type CardFacts = z.output<typeof cardFactsSchema>;
export type FactName = keyof CardFacts;

/**
 * Each fact's key and label where it leaves the shop, the one list both places read: the `card.*`
 * product metafields on Shopify (decision 052) and the catalogue CSV's metafield columns, named as
 * Shopify names them in its own export (decision 053).
 */
export const FACT_KEYS: ReadonlyArray<{ fact: FactName; key: string; label: string }> = [
  { fact: 'year', key: 'year', label: 'Year' },
  { fact: 'manufacturer', key: 'manufacturer', label: 'Manufacturer' },
  { fact: 'set', key: 'set', label: 'Set' },
  { fact: 'cardNumber', key: 'card_number', label: 'Card number' },
  { fact: 'parallel', key: 'parallel', label: 'Parallel' },
  { fact: 'rookie', key: 'rookie', label: 'Rookie' },
  { fact: 'autograph', key: 'autograph', label: 'Autograph' },
  { fact: 'patch', key: 'patch', label: 'Patch' },
  { fact: 'serialNumber', key: 'serial_number', label: 'Serial number' },
  { fact: 'printRun', key: 'print_run', label: 'Print run' },
  { fact: 'grader', key: 'grader', label: 'Grader' },
  { fact: 'grade', key: 'grade', label: 'Grade' },
  { fact: 'condition', key: 'condition', label: 'Condition' },
];

export const EMPTY_FACTS: CardFacts = {
  year: null,
  manufacturer: null,
  set: null,
  cardNumber: null,
  parallel: null,
  rookie: false,
  autograph: false,
  patch: false,
  serialNumber: null,
  printRun: null,
  grader: null,
  grade: null,
  condition: null,
};

/** The rules that tie facts together (serial within print run, grade with its grader, condition only raw). */
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
  return problems;
}

/** The first year of a year ('2023') or season ('2018-19', '2018-2019', '1999-00'); null when neither. */
export function seasonStartYear(text: string): number | null {
  const match = /^(\d{4})(?:[-/](\d{2}|\d{4}))?$/.exec(text.trim());
  if (!match) return null;
  const start = Number(match[1]);
  if (start < MIN_CARD_YEAR || start > MAX_CARD_YEAR) return null;
  const end = match[2];
  if (end !== undefined) {
    const next = start + 1;
    const expected = end.length === 2 ? String(next % 100).padStart(2, '0') : String(next);
    if (end !== expected) return null;
  }
  return start;
}

// The text form: how the admin form and the CSV carry facts --------------------------------------------

/** Facts as typed: text fields, yes/no flags; the serial as '23/99', the grade with comma or dot. */
export type FactFields = {
  year: string;
  manufacturer: string;
  set: string;
  cardNumber: string;
  parallel: string;
  rookie: boolean;
  autograph: boolean;
  patch: boolean;
  serial: string;
  grader: string;
  grade: string;
  condition: string;
};
export type FactFieldName = keyof FactFields;

export const EMPTY_FACT_FIELDS: FactFields = {
  year: '',
  manufacturer: '',
  set: '',
  cardNumber: '',
  parallel: '',
  rookie: false,
  autograph: false,
  patch: false,
  serial: '',
  grader: '',
  grade: '',
  condition: '',
};

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

/** The text form of stored facts (for editing and export). */
export function factsToFields(facts: CardFacts): FactFields {
  return {
    year: facts.year ?? '',
    manufacturer: facts.manufacturer ?? '',
    set: facts.set ?? '',
    cardNumber: facts.cardNumber ?? '',
    parallel: facts.parallel ?? '',
    rookie: facts.rookie,
    autograph: facts.autograph,
    patch: facts.patch,
    serial: serialText(facts) ?? '',
    grader: facts.grader ?? '',
    grade: facts.grade === null ? '' : String(facts.grade),
    condition: facts.condition ?? '',
  };
}

/** A condition code from its code or label, any case ('near mint', 'NEAR_MINT', 'Near-Mint'). */
export function conditionCode(text: string): Condition | null {
  const key = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return (CONDITIONS as readonly string[]).includes(key) ? (key as Condition) : null;
}

/** '23/99', '/99' when only the print run is known, null when not numbered. */
export function serialText(facts: Pick<CardFacts, 'serialNumber' | 'printRun'>): string | null {
  if (facts.printRun === null) return null;
  return `${facts.serialNumber ?? ''}/${facts.printRun}`;
}

/** 'PSA 10', 'BGS 9.5'; null for raw or ungraded cards. */
export function gradeText(facts: Pick<CardFacts, 'grader' | 'grade'>): string | null {
  if (facts.grader === null || facts.grader === 'RAW' || facts.grade === null) return null;
  return `${facts.grader} ${String(facts.grade)}`;
}

export const hasFacts = (facts: CardFacts) =>
  Object.entries(facts).some(([name, value]) => value !== (EMPTY_FACTS as Record<string, unknown>)[name]);
