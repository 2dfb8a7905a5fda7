import type { z } from 'zod';
import type { cardFactsSchema } from './schema.ts';

/**
 * Card facts: what collectors filter by (decision 050). Every fact is optional; an empty product
 * has EMPTY_FACTS. This module is the facts' vocabulary, free of zod so that the storefront's
 * islands can show facts without shipping a validator; the rules that check them are in
 * card-facts-schema.ts.
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
/**
 * A grader's certificate number as the slab's label prints it: mostly digits, kept as text so a
 * BGS number keeps its leading zeros; a few labels add letters or a dash. Latin letters and
 * digits, a dash only between them, at most CERT_NUMBER_MAX characters.
 */
export const CERT_NUMBER_MAX = 20;
export const CERT_NUMBER_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

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
  certFormat: `Ο αριθμός πιστοποίησης δέχεται μόνο λατινικά γράμματα και ψηφία (π.χ. 12345678), με παύλα μόνο ανάμεσά τους, έως ${CERT_NUMBER_MAX} χαρακτήρες.`,
  certNeedsGrader:
    'Ο αριθμός πιστοποίησης συμπληρώνεται μόνο για βαθμολογημένες κάρτες (PSA, BGS, SGC ή CGC).',
} as const;

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
  { fact: 'certNumber', key: 'cert_number', label: 'Certificate number' },
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
  certNumber: null,
};

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
  /** The grader's certificate number; only for a graded card. */
  certNumber: string;
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
  certNumber: '',
};

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
    certNumber: facts.certNumber ?? '',
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
