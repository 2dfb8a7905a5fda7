import type { RateLimitPort } from '../../ports/rate-limits.ts';
import { lockKey } from '../postgres/advisory-lock.ts';
import type { PostgresEngine } from '../postgres/database.ts';

/** Keys are addresses or account names; anything longer is cut, so a key cannot bloat a row. */
const MAX_KEY_LENGTH = 200;

/**
 * Rate limits in PostgreSQL (table rate_limit_hits), the same sliding-window log as on SQLite
 * (rate-limits-local). Each hit is one transaction that first takes an advisory lock on its rule
 * and key: hits on one key, from any instance, count one after another, so parallel requests
 * never all slip under the limit, while hits on other keys go on side by side.
 */
export function createPostgresRateLimits(store: PostgresEngine): RateLimitPort {
  return {
    hit: (rule, fullKey, now = Date.now()) => {
      const key = fullKey.slice(0, MAX_KEY_LENGTH);
      return store.transaction(async (trx) => {
        await lockKey(trx, rule.name, key);
        await trx
          .deleteFrom('rate_limit_hits')
          .where('rule', '=', rule.name)
          .where('key', '=', key)
          .where('at', '<=', now - rule.windowMs)
          .execute();
        const { n, oldest } = await trx
          .selectFrom('rate_limit_hits')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number | null>('at').as('oldest')])
          .where('rule', '=', rule.name)
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        if (n >= rule.limit) {
          // The oldest hit in the window leaves it first.
          return { allowed: false, retryAfterMs: Math.max(1, (oldest ?? now) + rule.windowMs - now) };
        }
        await trx.insertInto('rate_limit_hits').values({ rule: rule.name, key, at: now }).execute();
        return { allowed: true, retryAfterMs: 0 };
      });
    },

    purge: async (olderThanMs, now = Date.now()) => {
      const result = await store.db
        .deleteFrom('rate_limit_hits')
        .where('at', '<=', now - olderThanMs)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
