import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { greekZodError } from '../../../src/domain/text/validation-messages.ts';

const GREEK = /[\u0370-\u03ff]/;

function messageOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input, { error: greekZodError });
  if (result.success) throw new Error('expected a validation issue');
  return result.error.issues[0]?.message ?? '';
}

describe('greekZodError', () => {
  it.each([
    ['a missing field', z.object({ a: z.string() }), {}, 'Το πεδίο είναι υποχρεωτικό.'],
    ['a number where text belongs', z.string(), 5, 'Πρέπει να είναι κείμενο.'],
    ['text where a number belongs', z.number(), 'πέντε', 'Πρέπει να είναι αριθμός.'],
    ['NaN', z.number(), Number.NaN, 'Πρέπει να είναι αριθμός.'],
    ['a fraction where an integer belongs', z.number().int(), 1.5, 'Πρέπει να είναι ακέραιος αριθμός.'],
    ['a number below the minimum', z.number().int().min(1), 0, 'Η τιμή πρέπει να είναι τουλάχιστον 1.'],
    ['a number above the maximum', z.number().max(1000), 1e308, 'Η τιμή πρέπει να είναι έως 1000.'],
    ['a positive number', z.number().positive(), 0, 'Η τιμή πρέπει να είναι μεγαλύτερη από 0.'],
    ['an empty required text', z.string().min(1), '', 'Το πεδίο είναι υποχρεωτικό.'],
    ['a short text', z.string().min(12), 'short', 'Τουλάχιστον 12 χαρακτήρες.'],
    ['a long text', z.string().max(10), 'x'.repeat(11), 'Έως 10 χαρακτήρες.'],
    ['too many items', z.array(z.string()).max(2), ['a', 'b', 'c'], 'Έως 2 στοιχεία.'],
    ['an empty list', z.array(z.string()).min(1), [], 'Επιλέξτε τουλάχιστον ένα.'],
    ['a bad email', z.email(), 'not-an-email', 'Συμπληρώστε ένα έγκυρο email.'],
    ['an unknown choice', z.enum(['paid', 'shipped']), 'lost', 'Μη έγκυρη επιλογή.'],
    ['a wrong literal', z.literal('courier'), 'drone', 'Μη έγκυρη επιλογή.'],
    ['a pattern mismatch', z.string().regex(/^\d+$/), 'abc', 'Μη έγκυρη μορφή.'],
    ['an unknown key', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'Άγνωστα πεδία.'],
    ['a boolean', z.boolean(), 'yes', 'Πρέπει να είναι ναι ή όχι.'],
    ['a list', z.array(z.number()), 'x', 'Πρέπει να είναι λίστα.'],
    ['an object', z.object({}), 'x', 'Μη έγκυρη τιμή.'],
    ['a union', z.union([z.string(), z.number()]), null, 'Μη έγκυρη τιμή.'],
  ])('answers %s in Greek', (_name, schema, input, expected) => {
    const message = messageOf(schema as z.ZodType, input);
    expect(message).toBe(expected);
    expect(message).toMatch(GREEK);
  });

  it('keeps the message a schema gives itself', () => {
    expect(messageOf(z.string().min(1, { error: 'Η πόλη είναι υποχρεωτική.' }), '')).toBe(
      'Η πόλη είναι υποχρεωτική.',
    );
  });
});
