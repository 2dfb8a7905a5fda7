import type { Selectable, Transaction } from 'kysely';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { lockKey } from '../postgres/advisory-lock.ts';
import {
  type CountedAttempt,
  DEVICE_TRUST_MS,
  type Decision,
  type RuleCount,
  refusal,
  rulesFor,
  type ThrottleRule,
  WINDOW_MS,
} from './throttle.ts';

/** Told, in the transaction that refused it, of an attempt held back by an account's rule. */
export type OnAccountThrottledIn = (
  trx: Transaction<DB>,
  email: string,
  ip: string,
  now: Date,
) => Promise<void>;

type Keys = Partial<Pick<Selectable<DB['login_attempts']>, 'device' | 'email' | 'address' | 'trusted'>>;

/** The rows each rule counts, besides being failures in the window. */
const RULE_KEYS: Record<ThrottleRule, (attempt: CountedAttempt) => Keys> = {
  device: ({ device, email }) => ({ device, email, trusted: 1 }),
  pair: ({ email, address }) => ({ email, address, trusted: 0 }),
  account: ({ email }) => ({ email, trusted: 0 }),
  address: ({ address }) => ({ address, trusted: 0 }),
};

/**
 * The throttle's decision on PostgreSQL, where instances count side by side. The attempt first
 * takes an advisory lock on its account, then one on its address, and holds them to its commit:
 * attempts that share either are counted and recorded one after another, from every instance,
 * so however many arrive at once no more get through than the rules allow. Every attempt takes
 * them in that order, so none waits for another in a circle. The account's lock covers a known
 * browser's own rule (its rows name the account) and the once-an-hour alert too.
 */
export function decideOnPostgres(
  store: ShopDatabase,
  attempt: CountedAttempt,
  onAccountThrottled: OnAccountThrottledIn | undefined,
): Promise<Decision> {
  const { email, address, device, now } = attempt;
  const at = now.getTime();
  return store.transaction(async (trx) => {
    const known =
      attempt.brought &&
      email !== '' &&
      (await trx
        .selectFrom('login_attempts')
        .select('id')
        .where('device', '=', device)
        .where('email', '=', email)
        .where('succeeded', '=', 1)
        .where('created_at', '>=', iso(at - DEVICE_TRUST_MS))
        .limit(1)
        .executeTakeFirst()) !== undefined;
    const rules = rulesFor(email, known);
    if (email !== '') await lockKey(trx, 'sign-in:account', email);
    if (rules.includes('address')) await lockKey(trx, 'sign-in:address', address);

    const since = iso(at - WINDOW_MS);
    const counts: Array<[ThrottleRule, RuleCount]> = [];
    for (const rule of rules) {
      const row = await trx
        .selectFrom('login_attempts')
        .select((eb) => [
          eb.fn.countAll<number>().as('failures'),
          eb.fn.min<string | null>('created_at').as('oldest'),
        ])
        .where('succeeded', '=', 0)
        .where('counted', '=', 1)
        .where('created_at', '>=', since)
        .where((eb) => eb.and(RULE_KEYS[rule](attempt)))
        .executeTakeFirstOrThrow();
      counts.push([rule, { failures: row.failures, oldestAt: row.oldest ? Date.parse(row.oldest) : null }]);
    }
    const refused = refusal(counts, at);
    if (refused) {
      if (refused.rule !== 'address' && email !== '') await onAccountThrottled?.(trx, email, attempt.ip, now);
      return refused;
    }
    const row = await trx
      .insertInto('login_attempts')
      .values({
        email,
        ip: attempt.ip,
        address,
        device,
        trusted: known ? 1 : 0,
        succeeded: 0,
        pending: 1,
        user_agent: attempt.userAgent,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
