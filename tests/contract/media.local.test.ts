import { openTestCatalogue } from '../helpers/catalogue.ts';
import { sqliteTestDatabase } from '../helpers/databases.ts';
import { engineMediaHarness, mediaContract } from './media.contract.ts';

mediaContract(
  'embedded engine (files under the data folder)',
  () => engineMediaHarness(() => openTestCatalogue(sqliteTestDatabase)),
  { urlBeforeAttach: true },
);
