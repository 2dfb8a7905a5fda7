/**
 * Prices typed by people, in the Greek way with a decimal comma (spec section 5).
 * The singles range inputs accept only empty or a non-negative number with up to 2 decimals.
 */
const RANGE_INPUT = /^\d*([.,]\d{0,2})?$/;

/** Whether a singles price-range input may hold this text (checked on every keystroke). */
export function isPriceRangeInput(text: string): boolean {
  return text === '' || RANGE_INPUT.test(text);
}

/** Cents for a range input; undefined when empty; null when it is not a valid amount. */
export function parsePriceRange(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!RANGE_INPUT.test(trimmed) || trimmed === '.' || trimmed === ',') return null;
  const [whole = '0', fraction = ''] = trimmed.replace(',', '.').split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** The admin price rule: digits, optionally a comma and 1 to 2 decimals ('1,50'); cents or null. */
export function parseAdminPrice(text: string): number | null {
  const match = /^(\d+)(,(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
}

/** '1,50' for 150 cents: how the admin form shows a price. */
export function formatAdminPrice(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}
