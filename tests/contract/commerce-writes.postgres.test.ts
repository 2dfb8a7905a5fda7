import { openTestCatalogue } from '../helpers/catalogue.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { commerceWritesContract } from './commerce-writes.contract.ts';

// The same adapter as on SQLite (commerce-writes.local.test.ts, through the container).
commerceWritesContract(
  'embedded engine (PostgreSQL)',
  async () => {
    const catalogue = await openTestCatalogue(postgresTestDatabase);
    return { commerce: catalogue.commerce, close: catalogue.close };
  },
  { idNamespace: 'shop', inventoryItemOnReads: true },
);
