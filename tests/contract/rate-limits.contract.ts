import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimitRule } from '../../src/domain/limits/rate-limit.ts';
import type { RateLimitPort } from '../../src/ports/rate-limits.ts';

/** One empty rate-limit store for one test. */
export type RateLimitHarness = {
  limits: RateLimitPort;
  /** The same store through another connection: another process or instance of the shop. */
  another(): Promise<RateLimitPort>;
  /** The store opened afresh, as after a restart. */
  reopen(): Promise<RateLimitPort>;
  /** Hits kept in the store. */
  rows(): Promise<number>;
  close(): Promise<void>;
};

const RULE: RateLimitRule = { name: 'test', limit: 3, windowMs: 1000 };

/**
 * What every rate-limit store must do (decision 031): a sliding window per rule and key, refused
 * hits not counted, one count across every process and restart, and never more than the limit
 * through when requests race.
 */
export function rateLimitsContract(name: string, open: () => Promise<RateLimitHarness>): void {
  describe(`rate limits: ${name}`, () => {
    let harness: RateLimitHarness;
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(async () => {
      await harness.close();
    });

    it('allows the limit within the window, refuses the next, and says when the oldest hit leaves', async () => {
      const { limits } = harness;
      for (const at of [100, 200, 300]) expect((await limits.hit(RULE, 'k', at)).allowed).toBe(true);
      expect(await limits.hit(RULE, 'k', 400)).toEqual({ allowed: false, retryAfterMs: 700 });
      expect((await limits.hit(RULE, 'other', 400)).allowed).toBe(true);
      expect((await limits.hit({ ...RULE, name: 'another-rule' }, 'k', 400)).allowed).toBe(true);
    });

    it('slides, and does not count refused hits', async () => {
      const { limits } = harness;
      for (const at of [0, 10, 20]) await limits.hit(RULE, 'k', at);
      for (let at = 21; at < 1000; at += 100) expect((await limits.hit(RULE, 'k', at)).allowed).toBe(false);
      expect((await limits.hit(RULE, 'k', 1000)).allowed).toBe(true);
      expect((await limits.hit(RULE, 'k', 1001)).allowed).toBe(false);
      expect((await limits.hit(RULE, 'k', 1010)).allowed).toBe(true);
    });

    it('cuts a very long key, so one caller cannot bloat the store', async () => {
      const long = 'x'.repeat(5000);
      for (const at of [0, 1, 2]) expect((await harness.limits.hit(RULE, long, at)).allowed).toBe(true);
      // Same first 200 characters: the same key.
      expect((await harness.limits.hit(RULE, `${'x'.repeat(200)}y`, 3)).allowed).toBe(false);
    });

    it('holds across two processes: hits from both count against one limit', async () => {
      const first = harness.limits;
      const second = await harness.another();
      expect((await first.hit(RULE, 'shared', 0)).allowed).toBe(true);
      expect((await second.hit(RULE, 'shared', 1)).allowed).toBe(true);
      expect((await first.hit(RULE, 'shared', 2)).allowed).toBe(true);
      expect((await second.hit(RULE, 'shared', 3)).allowed).toBe(false);
      expect((await first.hit(RULE, 'shared', 4)).allowed).toBe(false);
    });

    it('never lets more than the limit through when two processes race for the same key', async () => {
      const rule = { ...RULE, limit: 25, windowMs: 60_000 };
      const first = harness.limits;
      const second = await harness.another();
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          (index % 2 ? first : second).hit(rule, 'race', 1000 + index),
        ),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(25);
      expect(await harness.rows()).toBe(25);
    });

    it('holds across a restart', async () => {
      for (const at of [0, 1, 2]) await harness.limits.hit(RULE, 'k', at);
      const restarted = await harness.reopen();
      expect((await restarted.hit(RULE, 'k', 3)).allowed).toBe(false);
    });

    it('purges hits older than the longest window', async () => {
      const { limits } = harness;
      for (const at of [0, 500, 1500]) await limits.hit({ ...RULE, limit: 10 }, `k${at}`, at);
      expect(await limits.purge(1000, 1600)).toBe(2);
      expect(await harness.rows()).toBe(1);
    });
  });
}
