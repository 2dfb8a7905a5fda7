import { createLocalSettings } from '../../src/adapters/settings-local/index.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { FIRST, settingsContract } from './settings.contract.ts';

// The same adapter as on SQLite (settings-local.test.ts, through the container).
settingsContract('PostgreSQL', async () => {
  const database = await postgresTestDatabase();
  return { settings: createLocalSettings(database.store, { first: () => FIRST }), close: database.close };
});
