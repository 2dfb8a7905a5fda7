import { describe, expect, it } from 'vitest';
import { multiLine, singleLine } from '../../../src/domain/text/plain-text.ts';

describe('singleLine', () => {
  it('turns line breaks and other control characters into single spaces', () => {
    expect(singleLine('Μαρία\r\nΣύνολο: 0,00 €')).toBe('Μαρία Σύνολο: 0,00 €');
    expect(singleLine('a\u2028b\u2029c\u0085d')).toBe('a b c d');
    expect(singleLine(' a\u0000\u0007\u001b[31mb\u007f ')).toBe('a [31mb');
    expect(singleLine('Γιάννης Παπαδόπουλος')).toBe('Γιάννης Παπαδόπουλος');
  });
});

describe('multiLine', () => {
  it('keeps line breaks as \\n and drops other control characters', () => {
    expect(multiLine('one\r\ntwo\rthree\u2028four')).toBe('one\ntwo\nthree\nfour');
    expect(multiLine('a\tb\u0000c\u001bd\u007fe')).toBe('a bcde');
  });
});
