import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from '../../../src/adapters/mail-outbox/backoff.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('retryDelayMs', () => {
  it('waits 30 s, 2 min, 10 min, 1 h, 6 h after the 1st to 5th failure', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR]);
  });

  it('gives up after the 6th failure', () => {
    expect(MAX_ATTEMPTS).toBe(6);
    expect(retryDelayMs(6)).toBeNull();
    expect(retryDelayMs(7)).toBeNull();
  });

  it('rejects counts that are not positive integers', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => retryDelayMs(bad)).toThrow(RangeError);
    }
  });
});
