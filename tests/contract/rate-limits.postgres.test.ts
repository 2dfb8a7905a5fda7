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
