import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogCounter } from '../../../src/adapters/database/catalog-counter.ts';
import { DATABASES, type TestDatabase } from '../../helpers/databases.ts';

// The catalogue counter of a shop whose catalogue is Shopify's: its writes and webhooks, in any
// process or instance, bump it (decision 093: one adapter on both databases).
for (const [name, openDatabase] of DATABASES)
  describe(`the catalogue counter: ${name}`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await openDatabase();
    });
    afterEach(async () => {
      await database.close();
    });

    it('starts at 0 and grows by one with each bump, seen by every instance', async () => {
      const counter = catalogCounter(database.store);
      const other = catalogCounter(await database.another());
      expect(await counter.get()).toBe(0);
      await counter.bump();
      expect(await counter.get()).toBe(1);
      expect(await other.get()).toBe(1);
      await other.bump();
      expect(await counter.get()).toBe(2);
    });

    it('loses no bump when instances bump at once', async () => {
      const counters = [catalogCounter(database.store), catalogCounter(await database.another())];
      await Promise.all(Array.from({ length: 40 }, (_, index) => counters[index % 2]?.bump()));
      expect(await counters[0]?.get()).toBe(40);
    });
  });
