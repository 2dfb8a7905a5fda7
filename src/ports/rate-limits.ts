import type { RateLimitDecision, RateLimitRule } from '../domain/limits/rate-limit.ts';

/** Rate limits counted in the shop's database, so they hold across processes (decision 031). */
export interface RateLimitPort {
  /** Counts one hit for `key` unless it is over the limit; refused hits are not counted. */
  hit(rule: RateLimitRule, key: string, now?: number): Promise<RateLimitDecision>;
  /** Forgets hits older than `olderThanMs` (the longest window in use); returns how many. */
  purge(olderThanMs: number, now?: number): Promise<number>;
}
