import { expect, it } from 'vitest';
import { createPostgresRateLimits } from '../../src/adapters/rate-limits-postgres/index.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { rateLimitsContract } from './rate-limits.contract.ts';

rateLimitsContract('PostgreSQL', async () => {
  const database = await postgresTestDatabase();
  return {
    limits: createPostgresRateLimits(database.store),
    another: async () => createPostgresRateLimits(await database.another()),
    reopen: async () => createPostgresRateLimits(await database.another()),
    rows: async () =>
      (
        await database.store.db
          .selectFrom('rate_limit_hits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    close: database.close,
  };
});

// The race in the contract is microseconds wide inside the database's function, and a machine
// with few cores rarely catches two hits in it; this proves the serialising lock directly.
it('waits for the advisory lock of its rule and key: hits on one key count one after another', async () => {
  const database = await postgresTestDatabase();
  const holder = await database.store.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', ['order', 'buyer']);
    const limits = createPostgresRateLimits(database.store);
    let answered = false;
    const hit = limits.hit({ name: 'order', limit: 3, windowMs: 1_000 }, 'buyer', 0).then((result) => {
      answered = true;
      return result;
    });
    const waiting = async () =>
      (
        await holder.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        )
      ).rows[0].n;
    // The hit needs a pooled connection and a round trip before it waits: on a loaded machine that
    // took longer than the poll's default second (a CI rehearsal saw 0 waiting).
    await expect.poll(waiting, { timeout: 30_000 }).toBe(1);
    expect(answered).toBe(false);
    await holder.query('COMMIT');
    expect(await hit).toEqual({ allowed: true, retryAfterMs: 0 });
  } finally {
    holder.release();
    await database.close();
  }
});
