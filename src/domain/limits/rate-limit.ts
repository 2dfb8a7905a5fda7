/**
 * Rate limits shared by every process of the shop (sign-in has its own, in the auth port).
 * A rule allows at most `limit` counted hits per key within any `windowMs` (a sliding window).
 */
export type RateLimitRule = { name: string; limit: number; windowMs: number };

export type RateLimitDecision = { allowed: boolean; retryAfterMs: number };
