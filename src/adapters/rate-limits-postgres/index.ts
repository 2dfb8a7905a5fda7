import { sql } from 'kysely';
import type { RateLimitPort } from '../../ports/rate-limits.ts';
import type { PostgresEngine } from '../postgres/database.ts';

/** Keys are addresses or account names; anything longer is cut, so a key cannot bloat a row. */
const MAX_KEY_LENGTH = 200;

/**
 * Rate limits in PostgreSQL (table rate_limit_hits), the same sliding-window log as on SQLite
 * (rate-limits-local). Each hit is one statement, the function of migration 014, which first takes
 * an advisory lock on its rule and key: hits on one key, from any instance, count one after
 * another, so parallel requests never all slip under the limit, while hits on other keys go on
 * side by side. One round trip, since every cart add and order makes a hit.
 */
export function createPostgresRateLimits(store: PostgresEngine): RateLimitPort {
  return {
    hit: async (rule, fullKey, now = Date.now()) => {
      const key = fullKey.slice(0, MAX_KEY_LENGTH);
      const { rows } = await sql<{ retry_after_ms: number }>`
        SELECT rate_limit_hit(${rule.name}, ${key}, ${now}::bigint, ${rule.windowMs}::bigint, ${rule.limit}::integer) AS retry_after_ms
      `.execute(store.db);
      const retryAfterMs = Number(rows[0]?.retry_after_ms ?? 0);
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true, retryAfterMs: 0 };
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
