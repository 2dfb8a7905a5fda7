import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openPostgres, type PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import { preparedStatement } from '../../../src/adapters/postgres/prepared-statements.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/postgres.ts';

/** Named prepared statements for the hot queries (decision 104), seen from PostgreSQL's side. */

const opened: PostgresEngine[] = [];
const databases: TestDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((engine) => engine.close()));
  await Promise.all(databases.splice(0).map((database) => database.drop()));
});

it('runs a marked query as a statement its connection keeps, and leaves the others unnamed', async () => {
  const database = await createTestDatabase();
  databases.push(database);
  // One connection, so every query below meets the statements the ones before it left.
  const engine = await openPostgres(database.url, { poolSize: 1 });
  opened.push(engine);
  const { db } = engine;
  const marked = (name: string) =>
    preparedStatement(sql<{ greeting: string }>`SELECT 'γεια ' || ${name}::text AS greeting`.compile(db));

  expect((await db.executeQuery(marked('σου'))).rows).toEqual([{ greeting: 'γεια σου' }]);
  expect((await db.executeQuery(marked('σας'))).rows).toEqual([{ greeting: 'γεια σας' }]);
  await sql`SELECT 'plain' AS word`.execute(db);
  // Inside a transaction too: Kysely takes the pool's connection, which runs it by name.
  await db.transaction().execute(async (trx) => {
    expect((await trx.executeQuery(marked('όλους'))).rows).toEqual([{ greeting: 'γεια όλους' }]);
  });

  const { rows } = await sql<{ name: string; statement: string }>`SELECT name, statement
    FROM pg_prepared_statements WHERE NOT from_sql`.execute(db);
  expect(rows).toEqual([
    { name: expect.stringMatching(/^shop_[0-9a-f]{20}$/), statement: expect.stringContaining("'γεια '") },
  ]);
});
