import { z } from 'zod';
import type { CheckoutTerms } from './checkout-terms.ts';
import { compactIban, isHostName, validIban, validVatNumber } from './checks.ts';

/**
 * The shop's own settings, which the owner edits in the dashboard (decision 081): who the shop
 * is (the legal pages, the footer, the mails and the packing slips say it), where to pay and
 * where to pick orders up, what shipping costs, which payments it takes, where it is on social
 * media. Checked here, the same in the browser and on the server, with Greek messages.
 */

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `Έως ${max} χαρακτήρες.` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Έως ${max} χαρακτήρες.` })
    .default('');

const httpsUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, { error: message })
    .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), { error: message })
    .default('');

/**
 * The hosts a catalogue CSV's image URLs are fetched from (decision 090): Shopify's CDN, so a file
 * exported from a Shopify store brings its pictures. Settings saved before the list existed read it.
 */
export const IMAGE_HOSTS_DEFAULT: readonly string[] = ['cdn.shopify.com'];
const IMAGE_HOSTS_MAX = 20;

export const SETTINGS_MESSAGES = {
  invalid: 'Ελέγξτε τα πεδία των ρυθμίσεων.',
  iban: 'Το IBAN δεν είναι έγκυρο (ελέγξτε τα ψηφία του).',
  vatNumber: 'Ο ΑΦΜ δεν είναι έγκυρος (9 ψηφία με σωστό ψηφίο ελέγχου).',
  gemi: 'Ο αριθμός ΓΕΜΗ έχει 9 έως 12 ψηφία.',
  postalCode: 'Ο ταχυδρομικός κώδικας έχει 5 ψηφία.',
  phone: 'Το τηλέφωνο έχει 10 ψηφία (π.χ. 2101234567).',
  email: 'Συμπληρώστε ένα έγκυρο email.',
  url: 'Η διεύθυνση πρέπει να ξεκινά με https:// (ή αφήστε το πεδίο κενό).',
  amount: 'Το ποσό πρέπει να είναι από 0 έως 1.000 €.',
  lowStock: 'Το όριο χαμηλού αποθέματος είναι ακέραιος αριθμός από 0 έως 1.000.',
  payments: 'Επιλέξτε τουλάχιστον έναν τρόπο πληρωμής.',
  pickup: 'Για την παραλαβή από το κατάστημα χρειάζονται διεύθυνση και ωράριο.',
  imageHost: (value: string) =>
    `Το «${value.slice(0, 80)}» δεν είναι όνομα διακομιστή: γράψτε μόνο το όνομα, π.χ. cdn.shopify.com (χωρίς https:// και χωρίς διαδρομή).`,
  imageHosts: `Έως ${IMAGE_HOSTS_MAX} διακομιστές εικόνων.`,
  saved: 'Οι ρυθμίσεις αποθηκεύτηκαν.',
} as const;

/** Settings saved before the threshold existed read it as this. */
export const LOW_STOCK_DEFAULT = 2;

/** Host names, trimmed and lower-cased, each once; anything else (a URL, a path, an IP) is refused. */
const imageHostsSchema = z
  .array(z.string())
  .max(IMAGE_HOSTS_MAX, { error: SETTINGS_MESSAGES.imageHosts })
  .transform((hosts) => [
    ...new Set(hosts.map((host) => host.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean)),
  ])
  .superRefine((hosts, context) => {
    const wrong = hosts.find((host) => !isHostName(host));
    // The issue sits on the list, not on one entry: the form shows it under its one field.
    if (wrong !== undefined)
      context.addIssue({ code: 'custom', path: [], message: SETTINGS_MESSAGES.imageHost(wrong) });
  });

export const bankAccountSchema = z.object({
  bank: text(80, 'Η τράπεζα είναι υποχρεωτική.'),
  beneficiary: text(120, 'Ο δικαιούχος είναι υποχρεωτικός.'),
  iban: z
    .string({ error: SETTINGS_MESSAGES.iban })
    .transform(compactIban)
    .refine(validIban, { error: SETTINGS_MESSAGES.iban }),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

const cents = z
  .number({ error: SETTINGS_MESSAGES.amount })
  .int({ error: SETTINGS_MESSAGES.amount })
  .min(0, { error: SETTINGS_MESSAGES.amount })
  .max(100_000, { error: SETTINGS_MESSAGES.amount });

export const shopSettingsSchema = z
  .object({
    identity: z.object({
      tradeName: text(80, 'Η εμπορική επωνυμία είναι υποχρεωτική.'),
      legalName: text(160, 'Η επωνυμία της επιχείρησης είναι υποχρεωτική.'),
      street: text(160, 'Η διεύθυνση είναι υποχρεωτική.'),
      city: text(80, 'Η πόλη είναι υποχρεωτική.'),
      postalCode: z
        .string()
        .transform((value) => value.replace(/\s/g, ''))
        .refine((value) => /^\d{5}$/.test(value), { error: SETTINGS_MESSAGES.postalCode }),
      vatNumber: z.string().trim().refine(validVatNumber, { error: SETTINGS_MESSAGES.vatNumber }),
      taxOffice: text(80, 'Η ΔΟΥ είναι υποχρεωτική.'),
      gemiNumber: z
        .string()
        .trim()
        .refine((value) => /^\d{9,12}$/.test(value), { error: SETTINGS_MESSAGES.gemi }),
      phone: z
        .string()
        .transform((value) => value.replace(/[\s().-]/g, ''))
        .refine((value) => /^(\+30)?\d{10}$/.test(value), { error: SETTINGS_MESSAGES.phone }),
      email: z.email({ error: SETTINGS_MESSAGES.email }).max(254),
    }),
    bankAccounts: z.array(bankAccountSchema).max(5, { error: 'Έως 5 λογαριασμοί.' }),
    pickup: z.object({
      enabled: z.boolean(),
      address: optionalText(200),
      hours: optionalText(200),
      mapUrl: httpsUrl(SETTINGS_MESSAGES.url),
    }),
    shipping: z.object({
      courierFeeCents: cents,
      /** Orders of at least this subtotal ship free; null: never free. */
      freeShippingFromCents: cents.nullable(),
    }),
    payments: z.object({ bankTransfer: z.boolean(), cashOnDelivery: z.boolean() }),
    /** The overview lists products with this many copies or fewer left as low on stock. */
    stock: z
      .object({
        lowStockThreshold: z
          .number({ error: SETTINGS_MESSAGES.lowStock })
          .int({ error: SETTINGS_MESSAGES.lowStock })
          .min(0, { error: SETTINGS_MESSAGES.lowStock })
          .max(1_000, { error: SETTINGS_MESSAGES.lowStock }),
      })
      .default({ lowStockThreshold: LOW_STOCK_DEFAULT }),
    /** Which hosts the catalogue import fetches image URLs from (decision 090). */
    csv: z.object({ imageHosts: imageHostsSchema }).default({ imageHosts: [...IMAGE_HOSTS_DEFAULT] }),
    social: z.object({
      instagram: httpsUrl(SETTINGS_MESSAGES.url),
      facebook: httpsUrl(SETTINGS_MESSAGES.url),
      tiktok: httpsUrl(SETTINGS_MESSAGES.url),
    }),
  })
  .superRefine((settings, context) => {
    if (!settings.payments.bankTransfer && !settings.payments.cashOnDelivery)
      context.addIssue({
        code: 'custom',
        path: ['payments', 'bankTransfer'],
        message: SETTINGS_MESSAGES.payments,
      });
    if (settings.payments.bankTransfer && settings.bankAccounts.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['bankAccounts'],
        message: 'Για την τραπεζική μεταφορά χρειάζεται τουλάχιστον ένας λογαριασμός.',
      });
    if (settings.pickup.enabled && (settings.pickup.address === '' || settings.pickup.hours === ''))
      context.addIssue({ code: 'custom', path: ['pickup', 'address'], message: SETTINGS_MESSAGES.pickup });
  });

export type ShopSettings = z.output<typeof shopSettingsSchema>;
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;

/** What checkout needs of the settings, and nothing else (./checkout-terms.ts). */
export const checkoutTerms = (settings: ShopSettings): CheckoutTerms => ({
  ...settings.shipping,
  payments: settings.payments,
  pickup: settings.pickup,
});

/** The shop's address on one line. */
export const addressLine = ({ identity }: Pick<ShopSettings, 'identity'>): string =>
  `${identity.street}, ${identity.postalCode} ${identity.city}`;
