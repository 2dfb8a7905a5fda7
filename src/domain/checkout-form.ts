import { z } from 'zod';

/** The checkout form, checked the same way in the browser and on the server (Greek messages). */
const text = (max: number, required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: `Έως ${max} χαρακτήρες.` });

const phone = z
  .string({ message: 'Το τηλέφωνο είναι υποχρεωτικό.' })
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(\+30|0030)?\d{10}$/, { message: 'Το τηλέφωνο πρέπει να έχει 10 ψηφία (π.χ. 6912345678).' }),
  );

const courier = z.object({
  method: z.literal('courier'),
  street: text(200, 'Η διεύθυνση (οδός και αριθμός) είναι υποχρεωτική.'),
  city: text(100, 'Η πόλη είναι υποχρεωτική.'),
  postalCode: z
    .string({ message: 'Ο ταχυδρομικός κώδικας είναι υποχρεωτικός.' })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{5}$/, { message: 'Ο ταχυδρομικός κώδικας πρέπει να έχει 5 ψηφία (π.χ. 104 31).' }),
    ),
  region: z.string().trim().max(100).default(''),
});

export const checkoutFormSchema = z.object({
  name: text(120, 'Το ονοματεπώνυμο είναι υποχρεωτικό.'),
  email: z.email({ message: 'Συμπληρώστε ένα έγκυρο email.' }).max(254),
  phone,
  delivery: z.discriminatedUnion('method', [courier, z.object({ method: z.literal('pickup') })], {
    message: 'Επιλέξτε τρόπο παράδοσης.',
  }),
  payment: z.enum(['bank_transfer', 'cash_on_delivery'], { message: 'Επιλέξτε τρόπο πληρωμής.' }),
  notes: z.string().trim().max(500, { message: 'Έως 500 χαρακτήρες.' }).default(''),
  idempotencyKey: z
    .string({ message: 'Μη έγκυρο αίτημα.' })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, { message: 'Μη έγκυρο αίτημα.' }),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;

/** Field path -> first message, for inline errors. */
export function checkoutErrors(input: unknown): Record<string, string> {
  const result = checkoutFormSchema.safeParse(input);
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
