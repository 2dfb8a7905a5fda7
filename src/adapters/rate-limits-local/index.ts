import type { RateLimitRule } from '../../domain/limits/rate-limit.ts';
import type { RateLimitPort } from '../../ports/rate-limits.ts';
import type { Engine } from '../sqlite/database.ts';
import { withWriteLock } from '../sqlite/write-queue.ts';

/** Keys are addresses or account names; anything longer is cut, so a key cannot bloat a row. */
const MAX_KEY_LENGTH = 200;

/**
 * Rate limits in SQLite (table rate_limit_hits): a sliding-window log, one row per counted hit.
 * Each hit is one IMMEDIATE transaction, so two processes counting the same key never both slip
 * under the limit; rows older than the window are dropped for that key as it is counted.
 */
export function createLocalRateLimits({ db, sqlite, writeGate }: Engine): RateLimitPort {
  const forget = sqlite.prepare('DELETE FROM rate_limit_hits WHERE rule = ? AND key = ? AND at <= ?');
  const count = sqlite.prepare<[string, string], { n: number; oldest: number | null }>(
    'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM rate_limit_hits WHERE rule = ? AND key = ?',
  );
  const insert = sqlite.prepare('INSERT INTO rate_limit_hits (rule, key, at) VALUES (?, ?, ?)');
  const purgeOld = sqlite.prepare('DELETE FROM rate_limit_hits WHERE at <= ?');

  const hit = sqlite.transaction((rule: RateLimitRule, key: string, now: number) => {
    forget.run(rule.name, key, now - rule.windowMs);
    const { n, oldest } = count.get(rule.name, key) ?? { n: 0, oldest: null };
    if (n >= rule.limit) {
      // The oldest hit in the window leaves it first.
      return { allowed: false, retryAfterMs: Math.max(1, (oldest ?? now) + rule.windowMs - now) };
    }
    insert.run(rule.name, key, now);
    return { allowed: true, retryAfterMs: 0 };
  });

  return {
    // Kysely's transactions hold its connection lock across awaits; taking that lock first means
    // this synchronous transaction never lands inside another port's open one. It writes holding
    // the write lock, like Kysely's transactions (sqlite/write-queue.ts).
    hit: (rule, key, now = Date.now()) =>
      withWriteLock(writeGate, () =>
        db.connection().execute(async () => hit.immediate(rule, key.slice(0, MAX_KEY_LENGTH), now)),
      ),

    purge: (olderThanMs, now = Date.now()) =>
      db.connection().execute(async () => purgeOld.run(now - olderThanMs).changes),
  };
}
