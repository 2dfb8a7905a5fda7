// zod/mini: the same checks as full zod in a fraction of the bytes, since this ships to the browser.
import { z } from 'zod/mini';
import { multiLine, singleLine } from '../text/plain-text.ts';

/**
 * The checkout form, checked the same way in the browser and on the server (Greek messages). Its
 * texts reach the order mails: one-line fields lose line breaks and control characters, the notes
 * keep only their line breaks (./plain-text.ts).
 */
const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .check(
      z.overwrite(singleLine),
      z.minLength(1, { error: required }),
      z.maxLength(max, { error: `Έως ${max} χαρακτήρες.` }),
    );

/** Removes the characters people type for readability, then checks what is left. */
const squeezed = (strip: RegExp, required: string, pattern: RegExp, error: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: required }),
      z.transform((value: string) => value.replace(strip, '')),
    ),
    z.string().check(z.regex(pattern, { error })),
  );

const courier = z.object({
  method: z.literal('courier'),
  street: text(200, 'Η διεύθυνση (οδός και αριθμός) είναι υποχρεωτική.'),
  city: text(100, 'Η πόλη είναι υποχρεωτική.'),
  postalCode: squeezed(
    /\s/g,
    'Ο ταχυδρομικός κώδικας είναι υποχρεωτικός.',
    /^\d{5}$/,
    'Ο ταχυδρομικός κώδικας πρέπει να έχει 5 ψηφία (π.χ. 104 31).',
  ),
  region: z._default(z.string().check(z.overwrite(singleLine), z.maxLength(100)), ''),
});

export const checkoutFormSchema = z.object({
  name: text(120, 'Το ονοματεπώνυμο είναι υποχρεωτικό.'),
  email: z.email({ error: 'Συμπληρώστε ένα έγκυρο email.' }).check(z.maxLength(254)),
  phone: squeezed(
    /[\s().-]/g,
    'Το τηλέφωνο είναι υποχρεωτικό.',
    /^(\+30|0030)?\d{10}$/,
    'Το τηλέφωνο πρέπει να έχει 10 ψηφία (π.χ. 6912345678).',
  ),
  delivery: z.discriminatedUnion('method', [courier, z.object({ method: z.literal('pickup') })], {
    error: 'Επιλέξτε τρόπο παράδοσης.',
  }),
  payment: z.enum(['bank_transfer', 'cash_on_delivery'], { error: 'Επιλέξτε τρόπο πληρωμής.' }),
  notes: z._default(
    z.string().check(z.overwrite(multiLine), z.trim(), z.maxLength(500, { error: 'Έως 500 χαρακτήρες.' })),
    '',
  ),
  idempotencyKey: z
    .string({ error: 'Μη έγκυρο αίτημα.' })
    .check(z.regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'Μη έγκυρο αίτημα.' })),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;

/** Field path -> first message, for inline errors. */
export function checkoutErrors(input: unknown): Record<string, string> {
  const result = z.safeParse(checkoutFormSchema, input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

export const PAYMENT_LABELS = {
  bank_transfer: 'Τραπεζική μεταφορά',
  cash_on_delivery: 'Αντικαταβολή',
} as const;
export const DELIVERY_LABELS = {
  courier: 'Αποστολή με courier',
  pickup: 'Παραλαβή από το κατάστημα',
} as const;
