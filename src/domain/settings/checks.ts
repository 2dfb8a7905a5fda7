/**
 * Checks of the numbers a Greek shop's settings hold, by their own rules: an IBAN by its ISO 13616
 * mod-97 checksum, a VAT number (ΑΦΜ) by its check digit. Pure, so the form and the server agree.
 */

/** `GR16 0110 1250 …` -> `GR160110125…`: spaces and dashes dropped, letters upper-case. */
export const compactIban = (value: string): string => value.replace(/[\s-]+/g, '').toUpperCase();

/** Lengths of the IBANs of the countries a Greek shop's bank accounts are most likely in. */
const IBAN_LENGTHS: Record<string, number> = {
  GR: 27,
  CY: 28,
  DE: 22,
  FR: 27,
  IT: 27,
  ES: 24,
  NL: 18,
  BE: 16,
};

/** Whether a (compact) IBAN has its country's length and a valid mod-97 checksum. */
export function validIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** An IBAN in groups of four, as banks print it. */
export const formatIban = (value: string): string =>
  compactIban(value)
    .replace(/(.{4})/g, '$1 ')
    .trim();

/**
 * Whether a Greek VAT number (ΑΦΜ) is valid: nine digits, not all zero, whose last digit is the
 * sum of the first eight times 2^8 … 2^1, mod 11, mod 10.
 */
export function validVatNumber(value: string): boolean {
  const vat = value.replace(/^EL/i, '').trim();
  if (!/^\d{9}$/.test(vat) || /^0+$/.test(vat)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(vat[index]) * 2 ** (8 - index);
  return (sum % 11) % 10 === Number(vat[8]);
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Whether `value` is a host name and nothing more: lower-case ASCII labels (an international name
 * in its xn-- form) joined by dots, a top-level label that is not a number (so no IP address), no
 * scheme, port, path or user.
 */
export function isHostName(value: string): boolean {
  const labels = value.split('.');
  return (
    value.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    /[a-z]/.test(labels.at(-1) ?? '')
  );
}
