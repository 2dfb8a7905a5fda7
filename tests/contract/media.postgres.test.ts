import { openTestCatalogue } from '../helpers/catalogue.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { engineMediaHarness, mediaContract } from './media.contract.ts';

// The same adapter as on SQLite (media.local.test.ts): files in a data folder, rows in PostgreSQL.
mediaContract(
  'embedded engine (files in a data folder, rows in PostgreSQL)',
  () => engineMediaHarness(() => openTestCatalogue(postgresTestDatabase)),
  { urlBeforeAttach: true },
);
