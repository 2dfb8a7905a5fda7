import { describe, expect, it } from 'vitest';
import {
  formatAdminPrice,
  isPriceRangeInput,
  parseAdminPrice,
  parsePriceRange,
} from '../../../src/domain/catalog/price-input.ts';

describe('isPriceRangeInput', () => {
  it.each(['', '0', '12', '12,', '12,5', '12,50', '0,99', '12.5', ',5'])('accepts %j', (text) => {
    expect(isPriceRangeInput(text)).toBe(true);
  });

  it.each(['-1', '12,505', 'abc', '1.2.3', '12a', '1,2,3', '1e3', '+1', '12 ', ' 12'])(
    'refuses %j',
    (text) => {
      expect(isPriceRangeInput(text)).toBe(false);
    },
  );
});

describe('parsePriceRange', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12,50', 1250],
    ['12.05', 1205],
    ['0,99', 99],
    ['0', 0],
    ['12,', 1200],
    [',5', 50],
    [' 7 ', 700],
  ])('%j is %i cents', (text, cents) => {
    expect(parsePriceRange(text)).toBe(cents);
  });

  it('is undefined when empty', () => {
    expect(parsePriceRange('')).toBeUndefined();
    expect(parsePriceRange('   ')).toBeUndefined();
  });

  it.each(['abc', '-1', '12,505', '1.2.3', ',', '.'])('is null for %j', (text) => {
    expect(parsePriceRange(text)).toBeNull();
  });
});

describe('parseAdminPrice / formatAdminPrice', () => {
  it.each([
    ['1,50', 150],
    ['1,5', 150],
    ['1', 100],
    ['0,05', 5],
    ['1234,99', 123499],
    [' 2,00 ', 200],
  ])('%j is %i cents', (text, cents) => {
    expect(parseAdminPrice(text)).toBe(cents);
  });

  it.each(['1.50', '1,505', '', 'abc', '-1', '1,', ',50', '1 000'])('refuses %j', (text) => {
    expect(parseAdminPrice(text)).toBeNull();
  });

  it.each([
    [150, '1,50'],
    [100, '1,00'],
    [5, '0,05'],
    [0, '0,00'],
    [123499, '1234,99'],
  ])('%i cents shows as %j', (cents, text) => {
    expect(formatAdminPrice(cents)).toBe(text);
  });

  it('round-trips through the form', () => {
    for (const cents of [0, 1, 99, 150, 1999, 100000])
      expect(parseAdminPrice(formatAdminPrice(cents))).toBe(cents);
  });
});
