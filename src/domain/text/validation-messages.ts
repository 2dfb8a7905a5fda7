import type { z } from 'zod';

/**
 * Greek messages for zod's generic issues, so no English default ("Too small: expected number to
 * be >=1") ever reaches a person. Schemas that carry their own message (the forms do) keep it;
 * this map only fills in where a schema says nothing. Words a shopper knows, no type names.
 */
const REQUIRED = 'Το πεδίο είναι υποχρεωτικό.';

const EXPECTED: Record<string, string> = {
  string: 'Πρέπει να είναι κείμενο.',
  number: 'Πρέπει να είναι αριθμός.',
  int: 'Πρέπει να είναι ακέραιος αριθμός.',
  bigint: 'Πρέπει να είναι ακέραιος αριθμός.',
  boolean: 'Πρέπει να είναι ναι ή όχι.',
  array: 'Πρέπει να είναι λίστα.',
  date: 'Πρέπει να είναι ημερομηνία.',
};

const FORMATS: Record<string, string> = {
  email: 'Συμπληρώστε ένα έγκυρο email.',
  url: 'Συμπληρώστε μια έγκυρη διεύθυνση (URL).',
};

const count = (value: number | bigint) => value.toString();

function tooSmall(issue: Extract<z.core.$ZodRawIssue, { code: 'too_small' }>): string {
  const min = issue.minimum;
  switch (issue.origin) {
    case 'string':
      return Number(min) <= 1 ? REQUIRED : `Τουλάχιστον ${count(min)} χαρακτήρες.`;
    case 'array':
    case 'set':
      return Number(min) <= 1 ? 'Επιλέξτε τουλάχιστον ένα.' : `Τουλάχιστον ${count(min)} στοιχεία.`;
    case 'file':
      return 'Το αρχείο είναι κενό ή πολύ μικρό.';
    default:
      return issue.inclusive === false
        ? `Η τιμή πρέπει να είναι μεγαλύτερη από ${count(min)}.`
        : `Η τιμή πρέπει να είναι τουλάχιστον ${count(min)}.`;
  }
}

function tooBig(issue: Extract<z.core.$ZodRawIssue, { code: 'too_big' }>): string {
  const max = issue.maximum;
  switch (issue.origin) {
    case 'string':
      return `Έως ${count(max)} χαρακτήρες.`;
    case 'array':
    case 'set':
      return `Έως ${count(max)} στοιχεία.`;
    case 'file':
      return 'Το αρχείο είναι πολύ μεγάλο.';
    default:
      return issue.inclusive === false
        ? `Η τιμή πρέπει να είναι μικρότερη από ${count(max)}.`
        : `Η τιμή πρέπει να είναι έως ${count(max)}.`;
  }
}

/** A zod error map (usable per parse or globally) that answers every generic issue in Greek. */
export const greekZodError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return REQUIRED;
      return EXPECTED[issue.expected] ?? 'Μη έγκυρη τιμή.';
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Μη έγκυρη μορφή.';
    case 'not_multiple_of':
      return 'Μη έγκυρος αριθμός.';
    case 'invalid_value':
      return 'Μη έγκυρη επιλογή.';
    case 'unrecognized_keys':
      return 'Άγνωστα πεδία.';
    default:
      return 'Μη έγκυρη τιμή.';
  }
};
