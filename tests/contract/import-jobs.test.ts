import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImportJobStore, type ImportJobStore } from '../../src/adapters/import-jobs/index.ts';
import { DATABASES, type TestDatabase } from '../helpers/databases.ts';

const job = (id: string) => ({ id, total: 3, file: `file of ${id}`, origin: 'http://shop.test' });

// One adapter on both of the shop's databases (decision 093): jobs are shared by every process
// and instance, one import at a time.
for (const [name, openDatabase] of DATABASES)
  describe(`import jobs: ${name}`, () => {
    let database: TestDatabase;
    let jobs: ImportJobStore;
    beforeEach(async () => {
      database = await openDatabase();
      jobs = createImportJobStore(database.store);
    });
    afterEach(async () => {
      await database.close();
    });

    const another = async () => createImportJobStore(await database.another());

    it('queues a job, runs it with progress, and keeps its result', async () => {
      expect(await jobs.queue(job('a'))).toEqual({
        id: 'a',
        state: 'queued',
        total: 3,
        done: 0,
        result: null,
        error: null,
      });
      expect(await jobs.claimNext()).toEqual(job('a'));
      expect((await jobs.get('a'))?.state).toBe('running');
      await jobs.progress('a', 2);
      expect((await jobs.get('a'))?.done).toBe(2);
      const result = { created: 1, updated: 2, images: { fetched: 0, failed: [] } };
      await jobs.succeed('a', result);
      expect(await jobs.get('a')).toEqual({ id: 'a', state: 'done', total: 3, done: 3, result, error: null });
      expect(await jobs.claimNext()).toBeNull();
      expect(await jobs.get('nope')).toBeNull();
    });

    it('takes one job at a time, and the next once the first has ended', async () => {
      expect(await jobs.queue(job('a'))).not.toBeNull();
      expect(await jobs.queue(job('b'))).toBeNull();
      await jobs.claimNext();
      expect(await jobs.queue(job('b'))).toBeNull();
      await jobs.fail('a', 'Η εισαγωγή απέτυχε.');
      expect(await jobs.get('a')).toMatchObject({ state: 'failed', error: 'Η εισαγωγή απέτυχε.' });
      expect(await jobs.queue(job('b'))).toMatchObject({ id: 'b', state: 'queued' });
    });

    it('queues exactly one of many jobs sent at once from several instances', async () => {
      const stores = [jobs, await another(), await another()];
      const queued = await Promise.all(
        Array.from({ length: 12 }, (_, index) => stores[index % 3]?.queue(job(`j${index}`))),
      );
      expect(queued.filter(Boolean)).toHaveLength(1);
    });

    it('gives a queued job to exactly one of several instances claiming at once', async () => {
      await jobs.queue(job('a'));
      const stores = [jobs, await another(), await another()];
      const claims = await Promise.all([...stores, ...stores].map((store) => store.claimNext()));
      expect(claims.filter(Boolean)).toEqual([job('a')]);
    });

    it('fails what a stopped process left unfinished, and forgets old finished jobs', async () => {
      await jobs.queue(job('a'));
      expect(await jobs.failUnfinished('Διακόπηκε.')).toBe(1);
      expect(await jobs.get('a')).toMatchObject({ state: 'failed', error: 'Διακόπηκε.' });
      expect(await jobs.failUnfinished('Διακόπηκε.')).toBe(0);
      await jobs.purge(new Date(Date.now() - 60_000));
      expect(await jobs.get('a')).not.toBeNull();
      await jobs.purge(new Date(Date.now() + 60_000));
      expect(await jobs.get('a')).toBeNull();
    });
  });
