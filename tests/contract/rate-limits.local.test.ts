import { createLocalRateLimits } from '../../src/adapters/rate-limits-local/index.ts';
import { sqliteTestDatabase } from '../helpers/databases.ts';
import { rateLimitsContract } from './rate-limits.contract.ts';

rateLimitsContract('SQLite', async () => {
  const database = await sqliteTestDatabase();
  return {
    limits: createLocalRateLimits(database.store),
    another: async () => createLocalRateLimits(await database.another()),
    reopen: async () => createLocalRateLimits(await database.another()),
    rows: async () =>
      (database.store.sqlite.prepare('SELECT count(*) AS n FROM rate_limit_hits').get() as { n: number }).n,
    close: database.close,
  };
});
