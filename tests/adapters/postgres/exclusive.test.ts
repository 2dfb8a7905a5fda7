import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { exclusively } from '../../../src/adapters/database/exclusive.ts';
import type { PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import { postgresTestDatabase, type TestDatabase } from '../../helpers/databases.ts';

let database: TestDatabase<PostgresEngine> | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

it('lets one process of any instance at a time run work of one name, and others of another name meanwhile', async () => {
  database = await postgresTestDatabase();
  const instances = [database.store, await database.another(), await database.another()];
  const log: string[] = [];
  const work = (who: string, name: string) =>
    exclusively(instances[Number(who.at(-1))] as PostgresEngine, name, async () => {
      log.push(`${who} in`);
      await sleep(100);
      log.push(`${who} out`);
      return who;
    });
  const answers = await Promise.all([
    work('a0', 'first-start'),
    work('b1', 'first-start'),
    work('c2', 'other'),
  ]);
  expect(answers).toEqual(['a0', 'b1', 'c2']);
  // The two of one name never overlap: each one's "in" is followed by its own "out" among them.
  const sameName = log.filter((line) => !line.startsWith('c'));
  expect(sameName[0]?.split(' ')[0]).toBe(sameName[1]?.split(' ')[0]);
  expect(sameName[2]?.split(' ')[0]).toBe(sameName[3]?.split(' ')[0]);
  // The other name did not wait for them: it was in while one of them was.
  expect(log.indexOf('c2 in')).toBeLessThan(log.lastIndexOf('b1 out'));
  // A failure lets go too.
  await expect(
    exclusively(database.store, 'first-start', async () => {
      throw new Error('seed failed');
    }),
  ).rejects.toThrow('seed failed');
  expect(await exclusively(instances[1] as PostgresEngine, 'first-start', async () => 'free')).toBe('free');
});
