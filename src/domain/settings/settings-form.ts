import { greekZodError } from '../text/validation-messages.ts';
import { formatIban } from './checks.ts';
import { SETTINGS_MESSAGES, type ShopSettings, shopSettingsSchema } from './shop-settings.ts';

/**
 * The settings as the dashboard's form holds them: what the owner types, amounts in euros as text
 * ("3,50"), IBANs as printed. Pure, so the form's checks are the server's (the same schema) and a
 * test covers the way in and out.
 */
export type SettingsForm = Omit<ShopSettings, 'shipping' | 'stock' | 'csv'> & {
  shipping: { courierFee: string; freeShippingFrom: string };
  stock: { lowStockThreshold: string };
  /** One host name a line. */
  csv: { imageHosts: string };
};

/** Field errors by the schema's dotted path (`identity.vatNumber`, `bankAccounts.0.iban`). */
export type SettingsErrors = Record<string, string>;

const euros = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');

export const toSettingsForm = (settings: ShopSettings): SettingsForm => ({
  ...settings,
  bankAccounts: settings.bankAccounts.map((account) => ({ ...account, iban: formatIban(account.iban) })),
  shipping: {
    courierFee: euros(settings.shipping.courierFeeCents),
    freeShippingFrom:
      settings.shipping.freeShippingFromCents === null ? '' : euros(settings.shipping.freeShippingFromCents),
  },
  stock: { lowStockThreshold: String(settings.stock.lowStockThreshold) },
  csv: { imageHosts: settings.csv.imageHosts.join('\n') },
});

/** The host names typed one a line (or with commas or spaces between them). */
const toHosts = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** "3" -> 3; anything but a whole number -> NaN (the schema then says what it takes). */
const toCount = (text: string): number => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** "3,50", "3.5", "3" -> 350; anything else (or more than two decimals) -> NaN. */
function toCents(text: string): number {
  const value = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}

/**
 * The settings to send, or the errors to show: the amounts are read, then the whole is checked by
 * the schema the server checks it with.
 */
export function readSettingsForm(
  form: SettingsForm,
): { ok: true; settings: ShopSettings } | { ok: false; errors: SettingsErrors } {
  const courierFeeCents = toCents(form.shipping.courierFee);
  const freeText = form.shipping.freeShippingFrom.trim();
  const freeShippingFromCents = freeText === '' ? null : toCents(freeText);
  const parsed = shopSettingsSchema.safeParse(
    {
      ...form,
      shipping: { courierFeeCents, freeShippingFromCents },
      stock: { lowStockThreshold: toCount(form.stock.lowStockThreshold) },
      csv: { imageHosts: toHosts(form.csv.imageHosts) },
    },
    { error: greekZodError },
  );
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  // A number that is not one reads as "the amount must be 0 to 1,000 €", not as a type error.
  for (const key of ['shipping.courierFeeCents', 'shipping.freeShippingFromCents'])
    if (errors[key]) errors[key] = SETTINGS_MESSAGES.amount;
  return { ok: false, errors };
}

/** A new, empty bank account row. */
export const emptyBankAccount = (beneficiary: string) => ({ bank: '', beneficiary, iban: '' });
