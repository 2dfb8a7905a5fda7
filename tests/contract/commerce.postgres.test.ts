import { openTestCatalogue } from '../helpers/catalogue.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { commerceContract, engineCommerceHarness } from './commerce.contract.ts';

// The same adapter as on SQLite (commerce.local.test.ts), built on a PostgreSQL database.
commerceContract(
  'embedded engine (PostgreSQL)',
  () => engineCommerceHarness(() => openTestCatalogue(postgresTestDatabase)),
  { unpricedProducts: true, idNamespace: 'shop' },
);
