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

// A connection keeps the function's plans. Ones made while the table was nearly empty scanned it
// whole, and every hit grew dearer with the hits in the window (migration 017).
it('looks a key up by its index, even on a connection that began while the table was empty', async () => {
  const database = await postgresTestDatabase();
  const client = await database.store.pool.connect();
  try {
    await client.query('VACUUM ANALYZE rate_limit_hits');
    const hit = (key: string) =>
      client.query('SELECT rate_limit_hit($1, $2, $3::bigint, $4::bigint, $5::integer)', [
        'order',
        key,
        1_000,
        60_000,
        10,
      ]);
    // Beyond the first five calls PL/pgSQL may keep one generic plan, made on the table as it is.
    for (let call = 0; call < 8; call++) await hit(`early-${call}`);
    await client.query(
      "INSERT INTO rate_limit_hits (rule, key, at) SELECT 'order', 'other-' || n, 1000 FROM generate_series(1, 5000) AS n",
    );

    // The view also counts this connection's earlier scans not yet reported: the hit's own are
    // the difference across it, in one transaction.
    const scans = async () =>
      (
        await client.query(
          "SELECT seq_scan, idx_scan FROM pg_stat_xact_user_tables WHERE relname = 'rate_limit_hits'",
        )
      ).rows[0] as { seq_scan: number; idx_scan: number };
    await client.query('BEGIN');
    const before = await scans();
    await hit('buyer');
    const after = await scans();
    await client.query('ROLLBACK');
    expect(after.seq_scan - before.seq_scan).toBe(0);
    expect(after.idx_scan - before.idx_scan).toBeGreaterThanOrEqual(2);
  } finally {
    client.release();
    await database.close();
  }
});
