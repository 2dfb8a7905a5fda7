import { describe, expect, it } from 'vitest';
import { factBadges, factRows } from '../../../src/domain/card-facts/display.ts';
import {
  type CardFacts,
  EMPTY_FACT_FIELDS,
  EMPTY_FACTS,
  FACT_MESSAGES,
  type FactFields,
  factsToFields,
  seasonStartYear,
} from '../../../src/domain/card-facts/facts.ts';
import { matchesFactFilter } from '../../../src/domain/card-facts/filter.ts';
import { cardFactsSchema, parseFactFields } from '../../../src/domain/card-facts/schema.ts';

const fields = (over: Partial<FactFields>): FactFields => ({ ...EMPTY_FACT_FIELDS, ...over });
const facts = (over: Partial<CardFacts>): CardFacts => ({ ...EMPTY_FACTS, ...over });

describe('parseFactFields', () => {
  it('reads a full set of facts', () => {
    const result = parseFactFields(
      fields({
        year: '2018-19',
        manufacturer: ' Panini ',
        set: 'Prizm',
        cardNumber: '#280',
        parallel: 'Silver',
        rookie: true,
        autograph: true,
        serial: '23 / 99',
        grader: 'psa',
        grade: '9',
      }),
    );
    expect(result).toEqual({
      ok: true,
      facts: facts({
        year: '2018-19',
        manufacturer: 'Panini',
        set: 'Prizm',
        cardNumber: '280',
        parallel: 'Silver',
        rookie: true,
        autograph: true,
        serialNumber: 23,
        printRun: 99,
        grader: 'PSA',
        grade: 9,
      }),
    });
  });

  it('empty fields are no facts', () => {
    expect(parseFactFields(EMPTY_FACT_FIELDS)).toEqual({ ok: true, facts: EMPTY_FACTS });
  });

  it('a print run alone is a numbered card (/99)', () => {
    const result = parseFactFields(fields({ serial: '/99' }));
    expect(result).toEqual({ ok: true, facts: facts({ printRun: 99 }) });
  });

  it.each([
    [{ year: '2018-20' }, 'year', FACT_MESSAGES.year],
    [{ year: '18-19' }, 'year', FACT_MESSAGES.year],
    [{ serial: '100/99' }, 'serial', FACT_MESSAGES.serialOver],
    [{ serial: '23-99' }, 'serial', FACT_MESSAGES.serialFormat],
    [{ serial: '0/99' }, 'serial', FACT_MESSAGES.serialFormat],
    [{ serial: '1/0' }, 'serial', FACT_MESSAGES.printRun],
    [{ grader: 'PSA', grade: '11' }, 'grade', FACT_MESSAGES.gradeRange],
    [{ grader: 'PSA', grade: '0' }, 'grade', FACT_MESSAGES.gradeRange],
    [{ grader: 'PSA', grade: 'ten' }, 'grade', FACT_MESSAGES.gradeRange],
    [{ grader: 'BGS', grade: '9.3' }, 'grade', FACT_MESSAGES.gradeHalf],
    [{ grader: 'BGS', grade: '9.7' }, 'grade', FACT_MESSAGES.gradeHalf],
    [{ grader: 'PSA', grade: '9.5' }, 'grade', FACT_MESSAGES.psaHalf],
    [{ grade: '9' }, 'grade', FACT_MESSAGES.gradeNeedsGrader],
    [{ grader: 'RAW', grade: '9' }, 'grade', FACT_MESSAGES.gradeNeedsGrader],
    [{ grader: 'PSA' }, 'grade', FACT_MESSAGES.graderNeedsGrade],
    [{ grader: 'ABC', grade: '9' }, 'grader', FACT_MESSAGES.grader],
    [{ grader: 'PSA', grade: '10', condition: 'Mint' }, 'condition', FACT_MESSAGES.conditionGraded],
    [{ condition: 'Like new' }, 'condition', FACT_MESSAGES.condition],
    [{ set: 'x'.repeat(121) }, 'set', FACT_MESSAGES.textTooLong],
    [{ grader: 'PSA', grade: '10', certNumber: '1234/5678' }, 'certNumber', FACT_MESSAGES.certFormat],
    [{ grader: 'PSA', grade: '10', certNumber: '-12345678' }, 'certNumber', FACT_MESSAGES.certFormat],
    [{ grader: 'PSA', grade: '10', certNumber: '12345678α' }, 'certNumber', FACT_MESSAGES.certFormat],
    [{ grader: 'PSA', grade: '10', certNumber: '1'.repeat(21) }, 'certNumber', FACT_MESSAGES.certFormat],
    [{ certNumber: '12345678' }, 'certNumber', FACT_MESSAGES.certNeedsGrader],
    [
      { grader: 'RAW', condition: 'Mint', certNumber: '12345678' },
      'certNumber',
      FACT_MESSAGES.certNeedsGrader,
    ],
  ] as const)('%o is refused on %s', (over, field, message) => {
    const result = parseFactFields(fields(over));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });

  it('takes the halves each grader gives', () => {
    expect(parseFactFields(fields({ grader: 'BGS', grade: '9,5' })).ok).toBe(true);
    expect(parseFactFields(fields({ grader: 'PSA', grade: '8.5' })).ok).toBe(true);
    expect(parseFactFields(fields({ grader: 'CGC', grade: '9.5' })).ok).toBe(true);
  });

  it("reads a graded card's certificate number as its label prints it, without the spaces", () => {
    expect(parseFactFields(fields({ grader: 'BGS', grade: '9,5', certNumber: ' 0012 345 678 ' }))).toEqual({
      ok: true,
      facts: facts({ grader: 'BGS', grade: 9.5, certNumber: '0012345678' }),
    });
    expect(parseFactFields(fields({ grader: 'SGC', grade: '10', certNumber: '1234567-001' }))).toEqual({
      ok: true,
      facts: facts({ grader: 'SGC', grade: 10, certNumber: '1234567-001' }),
    });
    expect(parseFactFields(fields({ grader: 'CGC', grade: '10', certNumber: '1'.repeat(20) })).ok).toBe(true);
  });

  it('a condition makes a card raw', () => {
    expect(parseFactFields(fields({ condition: 'near mint' }))).toEqual({
      ok: true,
      facts: facts({ grader: 'RAW', condition: 'NEAR_MINT' }),
    });
  });

  it('round-trips through the text form', () => {
    const full = facts({
      year: '2023',
      manufacturer: 'Topps',
      set: 'Chrome',
      cardNumber: '12',
      parallel: 'Gold Refractor',
      patch: true,
      serialNumber: 1,
      printRun: 1,
      grader: 'BGS',
      grade: 9.5,
      certNumber: '0012345678',
    });
    expect(parseFactFields(factsToFields(full))).toEqual({ ok: true, facts: full });
  });
});

describe('cardFactsSchema', () => {
  it('holds the port to the same rules', () => {
    expect(cardFactsSchema.safeParse(facts({ serialNumber: 100, printRun: 99 })).success).toBe(false);
    expect(cardFactsSchema.safeParse(facts({ grader: 'PSA', grade: 11 })).success).toBe(false);
    expect(cardFactsSchema.safeParse(facts({ grader: 'PSA', grade: 10 })).success).toBe(true);
    expect(cardFactsSchema.safeParse(facts({ grader: 'PSA', grade: 10, certNumber: '12 34' })).success).toBe(
      false,
    );
    expect(cardFactsSchema.safeParse(facts({ grader: 'RAW', certNumber: '1234' })).success).toBe(false);
    expect(cardFactsSchema.safeParse(facts({ grader: 'PSA', grade: 10, certNumber: '1234' })).success).toBe(
      true,
    );
  });
});

describe('seasonStartYear', () => {
  it.each([
    ['2023', 2023],
    ['2018-19', 2018],
    ['1999-00', 1999],
    ['2018-2019', 2018],
    ['2018/19', 2018],
    ['2018-18', null],
    ['3000', null],
    ['', null],
  ])('%s -> %s', (text, year) => expect(seasonStartYear(text)).toBe(year));
});

describe('badges and table', () => {
  const card = facts({
    year: '2024-25',
    manufacturer: 'Panini',
    rookie: true,
    autograph: true,
    patch: true,
    printRun: 99,
    serialNumber: 23,
    grader: 'PSA',
    grade: 10,
  });

  it('shows RC, AUTO, PATCH, the numbering and the grade', () => {
    expect(factBadges(card)).toEqual(['RC', 'AUTO', 'PATCH', '23/99', 'PSA 10']);
    expect(factBadges(EMPTY_FACTS)).toEqual([]);
  });

  it('lists only the facts a card has', () => {
    expect(factRows(card).map((row) => row.label)).toEqual([
      'Χρονιά / σεζόν',
      'Κατασκευαστής',
      'Rookie (RC)',
      'Αυτόγραφο',
      'Patch / memorabilia',
      'Αρίθμηση',
      'Βαθμολόγηση',
    ]);
    expect(factRows(EMPTY_FACTS)).toEqual([]);
  });

  it("puts a graded card's certificate number after its grade, with the grader's check", () => {
    const rows = factRows({ ...card, certNumber: '87654321' });
    expect(rows.slice(-2)).toEqual([
      { label: 'Βαθμολόγηση', value: 'PSA 10' },
      {
        label: 'Αριθμός πιστοποίησης',
        value: '87654321',
        link: { href: 'https://www.psacard.com/cert/87654321', label: 'Επαλήθευση στο PSA' },
      },
    ]);
  });

  it('shows no certificate on a raw card', () => {
    const raw = facts({ grader: 'RAW', condition: 'MINT', certNumber: '87654321' });
    expect(factRows(raw).map((row) => row.label)).toEqual(['Βαθμολόγηση', 'Κατάσταση']);
  });
});

describe('matchesFactFilter', () => {
  const psa10auto = facts({
    year: '2018-19',
    manufacturer: 'Pánini',
    autograph: true,
    grader: 'PSA',
    grade: 10,
  });
  const raw = facts({ year: '2021', grader: 'RAW', condition: 'EXCELLENT', printRun: 199, serialNumber: 5 });

  it('applies every filter given', () => {
    expect(matchesFactFilter(psa10auto, { grader: 'PSA', minGrade: 10, autograph: true })).toBe(true);
    expect(matchesFactFilter(psa10auto, { manufacturer: 'PANINI' })).toBe(true);
    expect(matchesFactFilter(psa10auto, { yearFrom: 2019 })).toBe(false);
    expect(matchesFactFilter(psa10auto, { yearTo: 2018 })).toBe(true);
    expect(matchesFactFilter(raw, { numbered: true })).toBe(true);
    expect(matchesFactFilter(raw, { maxPrintRun: 99 })).toBe(false);
    expect(matchesFactFilter(raw, { minCondition: 'NEAR_MINT' })).toBe(false);
    expect(matchesFactFilter(raw, { minCondition: 'VERY_GOOD' })).toBe(true);
    expect(matchesFactFilter(raw, { minGrade: 1 })).toBe(false);
  });
});
