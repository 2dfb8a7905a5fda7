import { describe, expect, it } from 'vitest';
import { centsToAmount, formatEuro } from '../../../src/domain/text/money.ts';

// el-GR puts a no-break space (U+00A0) between the amount and the euro sign.
const NBSP = '\u00a0';

describe('formatEuro', () => {
  it('formats cents the Greek way: dot thousands, comma decimals, euro sign after', () => {
    expect(formatEuro(123450)).toBe(`1.234,50${NBSP}€`);
    expect(formatEuro(100_000_000)).toBe(`1.000.000,00${NBSP}€`);
  });

  it('always shows two decimals', () => {
    expect(formatEuro(0)).toBe(`0,00${NBSP}€`);
    expect(formatEuro(5)).toBe(`0,05${NBSP}€`);
    expect(formatEuro(99)).toBe(`0,99${NBSP}€`);
    expect(formatEuro(700)).toBe(`7,00${NBSP}€`);
    expect(formatEuro(1250)).toBe(`12,50${NBSP}€`);
  });

  it('uses a no-break space, never a plain one', () => {
    expect(formatEuro(1250)).not.toContain(' ');
  });
});

describe('centsToAmount', () => {
  it('gives the two-decimal form with a dot and no grouping', () => {
    expect(centsToAmount(1250)).toBe('12.50');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(0)).toBe('0.00');
    expect(centsToAmount(123456)).toBe('1234.56');
  });

  it('is exact for every cent amount up to 10.000 euros', () => {
    for (let cents = 0; cents <= 1_000_000; cents += 1) {
      const expected = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      if (centsToAmount(cents) !== expected) {
        expect(centsToAmount(cents)).toBe(expected);
      }
    }
  });
});
