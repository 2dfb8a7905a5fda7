import type Database from 'better-sqlite3';
import type { Transaction } from 'kysely';
import { addressKey } from '../../domain/auth/client-address.ts';
import { RESET_MESSAGES } from '../../domain/auth/password-reset.ts';
import { AppError } from '../../domain/errors.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { lockKey } from '../postgres/advisory-lock.ts';
import { inSyncTransaction } from '../sqlite/busy-retry.ts';
import { sqliteEngineOf } from '../sqlite/engine-of.ts';
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

/** The refusal of a request over a rule's limit, or null when the request may go on. */
function tooMany(counts: Array<[ResetRule, RuleCount]>, now: Date): AppError | null {
  const refused = refusal(counts, now.getTime(), RESET_LIMITS);
  return refused
    ? new AppError('rate_limited', RESET_MESSAGES.tooMany, {
        retryAfterSeconds: String(Math.ceil(refused.retryAfterMs / 1000)),
      })
    : null;
}

const windowStart = (now: Date) => new Date(now.getTime() - WINDOW_MS).toISOString();

/**
 * Counts a "forgotten password" request against the sign-in throttle's rules (RESET_LIMITS in
 * throttle.ts) and records it, inside the caller's open transaction on `sqlite`, or throws
 * AppError('rate_limited'). An unknown email is counted like an admin's, so the answer never tells
 * them apart. Counted before anything is looked up or mailed: however many requests arrive at once,
 * no more get through than the rules allow. `email` is expected lower-cased.
 */
export function countResetRequest(sqlite: Database.Database, email: string, ip: string, now: Date): void {
  const address = addressKey(ip);
  const since = windowStart(now);
  const keys: Record<ResetRule, string[]> = { pair: [email, address], account: [email], address: [address] };
  const counts = RULES.map((rule): [ResetRule, RuleCount] => {
    const row = prepared<{ n: number; oldest: string | null }>(sqlite, RULE_SQL[rule]).get(
      since,
      ...keys[rule],
    );
    return [rule, { failures: row?.n ?? 0, oldestAt: row?.oldest ? Date.parse(row.oldest) : null }];
  });
  const refused = tooMany(counts, now);
  if (refused) throw refused;
  prepared(sqlite, INSERT).run(email, address, now.toISOString());
}

/**
 * countResetRequest on PostgreSQL, inside the caller's open transaction `trx`. It first takes
 * advisory locks on the account, then on the address, held to the commit, so requests sharing
 * either are counted one after another from every instance (decision 093).
 */
export async function countResetRequestIn(
  trx: Transaction<DB>,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  const address = addressKey(ip);
  await lockKey(trx, 'password-reset:account', email);
  await lockKey(trx, 'password-reset:address', address);
  const keys: Record<ResetRule, { email?: string; address?: string }> = {
    pair: { email, address },
    account: { email },
    address: { address },
  };
  const counts: Array<[ResetRule, RuleCount]> = [];
  for (const rule of RULES) {
    const row = await trx
      .selectFrom('password_reset_requests')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string | null>('created_at').as('oldest')])
      .where('created_at', '>=', windowStart(now))
      .where((eb) => eb.and(keys[rule]))
      .executeTakeFirstOrThrow();
    counts.push([rule, { failures: row.n, oldestAt: row.oldest ? Date.parse(row.oldest) : null }]);
  }
  const refused = tooMany(counts, now);
  if (refused) throw refused;
  await trx
    .insertInto('password_reset_requests')
    .values({ email, address, created_at: now.toISOString() })
    .execute();
}

/** A request counted in a transaction of its own, for an adapter whose work is not in the database. */
export function throttleResetRequest(store: ShopDatabase, email: string, ip: string, now = new Date()) {
  const engine = sqliteEngineOf(store);
  return engine
    ? inSyncTransaction(engine, () => countResetRequest(engine.sqlite, email, ip, now))
    : store.transaction((trx) => countResetRequestIn(trx, email, ip, now));
}

/** Forgets requests that left the window: no rule counts them any more. Answers how many. */
export async function purgeResetRequests({ db }: ShopDatabase, now: number): Promise<number> {
  const result = await db
    .deleteFrom('password_reset_requests')
    .where('created_at', '<', new Date(now - WINDOW_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
