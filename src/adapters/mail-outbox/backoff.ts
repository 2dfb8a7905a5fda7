/** Attempts a message gets before it is marked failed and waits for the owner's retry. */
export const MAX_ATTEMPTS = 6;

// Short waits first (a busy or greylisting server usually accepts within minutes),
// then longer ones so an outage of a few hours is still ridden out.
const DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;

/**
 * How long to wait after the `failedAttempts`-th failed attempt (1-based) before trying again,
 * or null when the message has used up its attempts.
 */
export function retryDelayMs(failedAttempts: number): number | null {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) {
    throw new RangeError(`failedAttempts must be a positive integer, got ${failedAttempts}`);
  }
  if (failedAttempts >= MAX_ATTEMPTS) return null;
  return DELAYS_MS[failedAttempts - 1] ?? null;
}
