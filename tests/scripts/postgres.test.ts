import pg from 'pg';
import { expect, inject, test } from 'vitest';
import { createTestDatabase } from '../helpers/postgres.ts';

async function query<Row>(url: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

test('a test database takes connections and runs PostgreSQL 14 or newer', async () => {
  const database = await createTestDatabase({ empty: true });
  try {
    const [row] = await query<{ version: string }>(database.url, 'select version()');
    expect(Number(row?.version.match(/^PostgreSQL (\d+)/)?.[1])).toBeGreaterThanOrEqual(14);
    await query(database.url, 'create table cards (id serial primary key, name text not null)');
    await query(database.url, 'insert into cards (name) values ($1)', ['Γιάννης Αντετοκούνμπο']);
    expect(await query(database.url, 'select name from cards')).toEqual([{ name: 'Γιάννης Αντετοκούνμπο' }]);
  } finally {
    await database.drop();
  }
});

test('two test databases do not share tables', async () => {
  const [first, second] = await Promise.all([
    createTestDatabase({ empty: true }),
    createTestDatabase({ empty: true }),
  ]);
  try {
    expect(first.url).not.toBe(second.url);
    await query(first.url, 'create table cards (id int)');
    const [row] = await query<{ found: string | null }>(second.url, "select to_regclass('cards') as found");
    expect(row?.found).toBeNull();
  } finally {
    await Promise.all([first.drop(), second.drop()]);
  }
});

test('a dropped test database is gone', async () => {
  const database = await createTestDatabase({ empty: true });
  await database.drop();
  const rows = await query(inject('postgresUrl'), 'select 1 from pg_database where datname = $1', [
    databaseName(database.url),
  ]);
  expect(rows).toEqual([]);
  await expect(query(database.url, 'select 1')).rejects.toMatchObject({ code: '3D000' });
});
