import { describe, expect, it } from 'vitest';
import { formatIban, validIban, validVatNumber } from '../../../src/domain/settings/checks.ts';

describe('validIban', () => {
  it('takes IBANs with a valid checksum, with or without spaces, in any case', () => {
    for (const iban of [
      'GR16 0110 1250 0000 0001 2300 695',
      'gr1601101250000000012300695',
      'DE89 3704 0044 0532 0130 00',
    ])
      expect(validIban(iban), iban).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length for the country, and anything not an IBAN', () => {
    for (const iban of [
      'GR16 0110 1250 0000 0001 2300 696',
      'GR16 0110 1250 0000 0001 2300 69',
      'GR',
      '',
      'not an iban',
    ])
      expect(validIban(iban), iban).toBe(false);
  });

  it('prints in groups of four', () => {
    expect(formatIban('gr1601101250000000012300695')).toBe('GR16 0110 1250 0000 0001 2300 695');
  });
});

describe('validVatNumber', () => {
  it('takes nine digits whose last is the check digit, with or without the EL prefix', () => {
    for (const vat of ['094019245', '123456783', 'EL094019245']) expect(validVatNumber(vat), vat).toBe(true);
  });

  it('refuses a wrong check digit, all zeros and other lengths', () => {
    for (const vat of ['094019246', '123456789', '000000000', '12345678', '1234567890', 'ΑΦΜ'])
      expect(validVatNumber(vat), vat).toBe(false);
  });
});
