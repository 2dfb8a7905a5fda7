import { describe, expect, it } from 'vitest';
import { LIMITS, refusal, rulesFor, WINDOW_MS } from '../../../src/adapters/auth-local/throttle.ts';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const count = (failures: number, oldestAt: number | null = NOW - 60_000) => ({ failures, oldestAt });

describe('rulesFor', () => {
  it('holds a known browser by its own allowance only', () => {
    expect(rulesFor('owner@example.gr', true)).toEqual(['device']);
  });

  it('holds any other browser per account and address, per account, and per address', () => {
    expect(rulesFor('owner@example.gr', false)).toEqual(['pair', 'account', 'address']);
  });

  it('counts only the address while the proof names no account yet', () => {
    expect(rulesFor('', false)).toEqual(['address']);
  });
});

describe('refusal', () => {
  it('lets an attempt through under every limit', () => {
    expect(LIMITS).toEqual({ device: 10, pair: 5, account: 10, address: 30 });
    expect(
      refusal(
        [
          ['pair', count(4)],
          ['account', count(9)],
          ['address', count(29)],
        ],
        NOW,
      ),
    ).toBeNull();
  });

  it('refuses at the limit, naming the rule and when its oldest failure leaves the window', () => {
    expect(
      refusal(
        [
          ['pair', count(5, NOW - 5 * 60_000)],
          ['address', count(30)],
        ],
        NOW,
      ),
    ).toEqual({ rule: 'pair', retryAfterMs: WINDOW_MS - 5 * 60_000 });
    expect(refusal([['device', count(10, NOW - WINDOW_MS + 10)]], NOW)).toEqual({
      rule: 'device',
      retryAfterMs: 1_000,
    });
  });
});
