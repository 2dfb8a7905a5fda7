import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../../../scripts/postgres.ts';
import { openPostgres, type PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import { isDatabaseUnreachable } from '../../../src/adapters/postgres/unavailable.ts';
import { TRY_AGAIN } from '../../../src/domain/errors.ts';

let server: PostgresServer | null = null;
let engine: PostgresEngine | null = null;

afterEach(async () => {
  await engine?.close().catch(() => undefined);
  await server?.stop();
  engine = null;
  server = null;
});

const portOf = (url: string) => Number(new URL(url).port);

describe('a PostgreSQL server that goes away', () => {
  it('answers 503 "try again" while it is down, for queries and transactions, and recovers when it is back', async () => {
    server = await startPostgres();
    const port = portOf(server.url);
    const opened = await openPostgres(server.url, { poolSize: 2 });
    engine = opened;
    const one = () => sql<{ n: number }>`SELECT 1 AS n`.execute(opened.db);
    expect((await one()).rows).toEqual([{ n: 1 }]);

    await server.stop();
    const unavailable = { kind: 'unavailable', message: TRY_AGAIN };
    await expect(one()).rejects.toMatchObject(unavailable);
    await expect(opened.transaction(async (trx) => sql`SELECT 1`.execute(trx))).rejects.toMatchObject(
      unavailable,
    );
    await expect(opened.db.selectFrom('contact_messages').selectAll().execute()).rejects.toMatchObject(
      unavailable,
    );

    server = await startPostgres({ port });
    expect((await one()).rows).toEqual([{ n: 1 }]);
  });

  it('tells a bad query from an unreachable database', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(
      isDatabaseUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable('not an error')).toBe(false);
  });
});
