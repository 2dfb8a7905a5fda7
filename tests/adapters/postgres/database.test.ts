import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../../src/adapters/postgres/connection-error.ts';
import { openPostgres, type PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import { MIGRATIONS } from '../../../src/adapters/postgres/migrations/index.ts';
import { freePort } from '../../helpers/free-port.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/postgres.ts';

const opened: PostgresEngine[] = [];
const databases: TestDatabase[] = [];

async function emptyDatabase(): Promise<string> {
  const database = await createTestDatabase({ empty: true });
  databases.push(database);
  return database.url;
}

async function open(url: string): Promise<PostgresEngine> {
  const engine = await openPostgres(url);
  opened.push(engine);
  return engine;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.close()));
  await Promise.all(databases.splice(0).map((database) => database.drop()));
});

async function failure(url: string): Promise<DatabaseUnavailableError> {
  const error = await openPostgres(url).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatabaseUnavailableError);
  return error as DatabaseUnavailableError;
}

describe('openPostgres', () => {
  it('applies every migration once, in order, and none when opened again', async () => {
    const url = await emptyDatabase();
    const first = await open(url);
    const names = async () =>
      (
        await first.db
          .selectFrom('migrations' as never)
          .select('name' as never)
          .execute()
      ).map((row) => (row as { name: string }).name);
    expect(await names()).toEqual(MIGRATIONS.map((migration) => migration.name));
    await open(url);
    expect(await names()).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it('lets several instances start at once on an empty database: each migration runs once', async () => {
    const url = await emptyDatabase();
    const [engine] = await Promise.all(Array.from({ length: 6 }, () => open(url)));
    const { rows } = await (engine as PostgresEngine).pool.query<{ name: string; n: string }>(
      'SELECT name, count(*) AS n FROM migrations GROUP BY name ORDER BY name',
    );
    expect(rows.map((row) => [row.name, Number(row.n)])).toEqual(
      MIGRATIONS.map((migration) => [migration.name, 1]),
    );
  });

  it('reads timestamps back as ISO-8601 strings in UTC and big numbers as numbers', async () => {
    const engine = await open(await emptyDatabase());
    const { rows } = await sql<{ at: unknown; big: unknown; sum: unknown }>`
      SELECT '2026-11-27 12:30:00+02'::timestamptz AS at, 9007199254740991::bigint AS big,
             sum(x)::numeric AS sum FROM (VALUES (1), (2)) AS t (x)`.execute(engine.db);
    expect(rows[0]).toEqual({ at: '2026-11-27T10:30:00.000Z', big: Number.MAX_SAFE_INTEGER, sum: 3 });
  });

  it('says in one line where it could not connect, and why, without the password', async () => {
    const port = await freePort();
    const error = await failure(`postgres://shop:s3cret-pass@127.0.0.1:${port}/cardshop`);
    expect(error.message).toBe(
      `Cannot use PostgreSQL at 127.0.0.1:${port} (database cardshop, user shop, password ****): ` +
        `connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(error.message).not.toContain('s3cret');
  });

  it("gives the database's own reason when it refuses", async () => {
    const url = new URL(await emptyDatabase());
    url.pathname = '/no_such_shop';
    const error = await failure(url.toString());
    expect(error.message).toMatch(
      /^Cannot use PostgreSQL at 127\.0\.0\.1:\d+ \(database no_such_shop, user cardshop\): /,
    );
    expect(error.message).toContain('database "no_such_shop" does not exist');
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('refuses an address that is not one', async () => {
    const error = await failure('not a url at all');
    expect(error.message).toMatch(/^DATABASE_URL is not a valid address/);
  });
});
