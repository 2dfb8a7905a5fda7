import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FREE_FAILURES,
  accountLockedUntil,
  IP_MAX_FAILURES,
  IP_WINDOW_MS,
  ipBlocked,
} from '../../../src/adapters/auth-local/throttle.ts';

const LAST = Date.UTC(2025, 0, 1, 12, 0, 0);
const MINUTE = 60_000;

describe('accountLockedUntil', () => {
  it('does not lock under 5 failures in a row', () => {
    expect(ACCOUNT_FREE_FAILURES).toBe(5);
    for (const failures of [0, 1, 2, 3, 4]) expect(accountLockedUntil(failures, LAST)).toBeNull();
  });

  it('locks for 1 minute after the 5th failure, then doubles', () => {
    expect(accountLockedUntil(5, LAST)).toBe(LAST + 1 * MINUTE);
    expect(accountLockedUntil(6, LAST)).toBe(LAST + 2 * MINUTE);
    expect(accountLockedUntil(7, LAST)).toBe(LAST + 4 * MINUTE);
    expect(accountLockedUntil(10, LAST)).toBe(LAST + 32 * MINUTE);
  });

  it('caps the lock at 60 minutes', () => {
    expect(accountLockedUntil(11, LAST)).toBe(LAST + 60 * MINUTE);
    expect(accountLockedUntil(64, LAST)).toBe(LAST + 60 * MINUTE);
    expect(accountLockedUntil(5000, LAST)).toBe(LAST + 60 * MINUTE);
  });

  it('does not lock without a last failure time', () => {
    expect(accountLockedUntil(10, null)).toBeNull();
  });
});

describe('ipBlocked', () => {
  it('blocks an address once it reaches 30 failures in the 15 minute window', () => {
    expect(IP_MAX_FAILURES).toBe(30);
    expect(IP_WINDOW_MS).toBe(15 * MINUTE);
    expect(ipBlocked(0)).toBe(false);
    expect(ipBlocked(29)).toBe(false);
    expect(ipBlocked(30)).toBe(true);
    expect(ipBlocked(31)).toBe(true);
  });
});
