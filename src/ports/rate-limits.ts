/**
 * Rate limits shared by every process of the shop (sign-in has its own, in the auth port).
 * A rule allows at most `limit` counted hits per key within any `windowMs` (a sliding window).
 */
export type RateLimitRule = { name: string; limit: number; windowMs: number };

export type RateLimitDecision = { allowed: boolean; retryAfterMs: number };

export interface RateLimitPort {
  /** Counts one hit for `key` unless it is over the limit; refused hits are not counted. */
  hit(rule: RateLimitRule, key: string, now?: number): Promise<RateLimitDecision>;
  /** Forgets hits older than `olderThanMs` (the longest window in use); returns how many. */
  purge(olderThanMs: number, now?: number): Promise<number>;
}
