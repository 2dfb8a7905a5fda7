import type Database from 'better-sqlite3';
import { addressKey } from '../../domain/auth/client-address.ts';
import { RESET_MESSAGES } from '../../domain/auth/password-reset.ts';
import { AppError } from '../../domain/errors.ts';
import { inSyncTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { prepared } from '../sqlite/prepared.ts';
import { RESET_LIMITS, type RuleCount, refusal, WINDOW_MS } from './throttle.ts';

const COUNT =
  'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM password_reset_requests WHERE created_at >= ?';
const RULE_SQL = {
  pair: `${COUNT} AND email = ? AND address = ?`,
  account: `${COUNT} AND email = ?`,
  address: `${COUNT} AND address = ?`,
} as const;
type ResetRule = keyof typeof RULE_SQL;
const RULES = Object.keys(RULE_SQL) as ResetRule[];
const INSERT = 'INSERT INTO password_reset_requests (email, address, created_at) VALUES (?, ?, ?)';

/**
 * Counts a "forgotten password" request against the sign-in throttle's rules (RESET_LIMITS in
 * throttle.ts) and records it, inside the caller's open transaction on `sqlite`, or throws
 * AppError('rate_limited'). An unknown email is counted like an admin's, so the answer never tells
 * them apart. Counted before anything is looked up or mailed: however many requests arrive at once,
 * no more get through than the rules allow. `email` is expected lower-cased.
 */
export function countResetRequest(sqlite: Database.Database, email: string, ip: string, now: Date): void {
  const address = addressKey(ip);
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const keys: Record<ResetRule, string[]> = { pair: [email, address], account: [email], address: [address] };
  const counts = RULES.map((rule): [ResetRule, RuleCount] => {
    const row = prepared<{ n: number; oldest: string | null }>(sqlite, RULE_SQL[rule]).get(
      since,
      ...keys[rule],
    );
    return [rule, { failures: row?.n ?? 0, oldestAt: row?.oldest ? Date.parse(row.oldest) : null }];
  });
  const refused = refusal(counts, now.getTime(), RESET_LIMITS);
  if (refused)
    throw new AppError('rate_limited', RESET_MESSAGES.tooMany, {
      retryAfterSeconds: String(Math.ceil(refused.retryAfterMs / 1000)),
    });
  prepared(sqlite, INSERT).run(email, address, now.toISOString());
}

/** countResetRequest in a transaction of its own, for an adapter whose work is not in SQLite. */
export function throttleResetRequest(engine: Engine, email: string, ip: string, now = new Date()) {
  return inSyncTransaction(engine, () => countResetRequest(engine.sqlite, email, ip, now));
}

/** Forgets requests that left the window: no rule counts them any more. Answers how many. */
export async function purgeResetRequests({ db }: Engine, now: number): Promise<number> {
  const result = await db
    .deleteFrom('password_reset_requests')
    .where('created_at', '<', new Date(now - WINDOW_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
