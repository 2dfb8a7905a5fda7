import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimPeriodicRun } from '../../src/adapters/database/periodic-runs.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { DATABASES, type TestDatabase } from '../helpers/databases.ts';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 27) + ms);

for (const [name, openDatabase] of DATABASES)
  describe(`periodic runs: ${name}`, () => {
    let database: TestDatabase<ShopDatabase>;
    beforeEach(async () => {
      database = (await openDatabase()) as TestDatabase<ShopDatabase>;
    });
    afterEach(async () => {
      await database.close();
    });

    it('gives a duty to one run per period, and each duty its own period', async () => {
      const { store } = database;
      expect(await claimPeriodicRun(store, 'cart-purge', HOUR, at(0))).toBe(true);
      expect(await claimPeriodicRun(store, 'cart-purge', HOUR, at(HOUR - 1))).toBe(false);
      expect(await claimPeriodicRun(store, 'clean-up', HOUR, at(HOUR - 1))).toBe(true);
      expect(await claimPeriodicRun(store, 'cart-purge', HOUR, at(HOUR))).toBe(true);
      // A refused claim does not move the period on.
      expect(await claimPeriodicRun(store, 'cart-purge', HOUR, at(HOUR + 10))).toBe(false);
      expect(await claimPeriodicRun(store, 'cart-purge', HOUR, at(2 * HOUR))).toBe(true);
    });

    it('gives it to exactly one of many instances asking at once', async () => {
      const instances = [database.store, ...(await Promise.all(Array.from({ length: 5 }, database.another)))];
      for (const period of [0, 1, 2]) {
        const claims = await Promise.all(
          instances.flatMap((store) =>
            [0, 1, 2, 3].map(() => claimPeriodicRun(store, 'limits-purge', HOUR, at(period * HOUR))),
          ),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);
      }
    });
  });
