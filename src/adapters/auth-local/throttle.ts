/**
 * Login throttling rules, pure so they can be tested without a clock.
 * Per account: after 5 failures in a row, each further failure doubles the lock (1 min .. 1 h).
 * Per IP: 30 or more failures within 15 minutes block that address for the rest of the window.
 */
export const ACCOUNT_FREE_FAILURES = 5;
export const IP_WINDOW_MS = 15 * 60_000;
export const IP_MAX_FAILURES = 30;

export function accountLockedUntil(consecutiveFailures: number, lastFailureAt: number | null): number | null {
  if (lastFailureAt === null || consecutiveFailures < ACCOUNT_FREE_FAILURES) return null;
  const minutes = Math.min(2 ** (consecutiveFailures - ACCOUNT_FREE_FAILURES), 60);
  return lastFailureAt + minutes * 60_000;
}

export function ipBlocked(failuresInWindow: number): boolean {
  return failuresInWindow >= IP_MAX_FAILURES;
}
