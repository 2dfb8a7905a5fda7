import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  localDay,
  offsetMinutes,
  offsetSpans,
  periodStarts,
  startOfDay,
} from '../../../src/domain/overview/shop-time.ts';

describe('the shop time (Europe/Athens)', () => {
  it('knows the offset in winter and summer', () => {
    expect(offsetMinutes(new Date('2026-01-15T12:00:00Z'))).toBe(120);
    expect(offsetMinutes(new Date('2026-07-15T12:00:00Z'))).toBe(180);
  });

  it('puts an instant on its Athens day, not its UTC day', () => {
    expect(localDay(new Date('2026-11-26T22:30:00Z'))).toBe('2026-11-27');
    expect(localDay(new Date('2026-11-26T21:59:59Z'))).toBe('2026-11-26');
    expect(localDay(new Date('2026-07-31T21:00:00Z'))).toBe('2026-08-01');
  });

  it('begins a day at local midnight, on both sides of a clock change', () => {
    expect(startOfDay('2026-11-27').toISOString()).toBe('2026-11-26T22:00:00.000Z');
    expect(startOfDay('2026-07-01').toISOString()).toBe('2026-06-30T21:00:00.000Z');
    // 29 March 2026: clocks go forward at 03:00; the day still began at 00:00 winter time.
    expect(startOfDay('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(startOfDay('2026-03-30').toISOString()).toBe('2026-03-29T21:00:00.000Z');
  });

  it('starts the week on Monday and the month on the 1st, in Athens', () => {
    // Friday 27 November 2026, 00:30 in Athens (22:30 UTC the day before).
    const periods = periodStarts(new Date('2026-11-26T22:30:00Z'));
    expect(periods.today.toISOString()).toBe('2026-11-26T22:00:00.000Z');
    expect(periods.week.toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(periods.month.toISOString()).toBe('2026-10-31T22:00:00.000Z');
    expect(periods.days30.toISOString()).toBe('2026-10-28T22:00:00.000Z');
    expect(periods.days90.toISOString()).toBe('2026-08-29T21:00:00.000Z');
  });

  it('splits a window where the offset changes', () => {
    const spans = offsetSpans(new Date('2026-10-20T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
    expect(spans.map((span) => [span.from.toISOString(), span.offsetMinutes])).toEqual([
      ['2026-10-20T00:00:00.000Z', 180],
      ['2026-10-25T01:00:00.000Z', 120],
    ]);
  });

  it('lists the days of a range', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
