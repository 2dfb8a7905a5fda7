import { openTestCatalogue } from '../helpers/catalogue.ts';
import { sqliteTestDatabase } from '../helpers/databases.ts';
import { commerceContract, engineCommerceHarness } from './commerce.contract.ts';

commerceContract(
  'embedded engine (SQLite)',
  () => engineCommerceHarness(() => openTestCatalogue(sqliteTestDatabase)),
  { unpricedProducts: true, idNamespace: 'shop' },
);
