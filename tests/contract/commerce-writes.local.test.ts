import { openTempShop } from '../helpers/temp-shop.ts';
import { commerceWritesContract } from './commerce-writes.contract.ts';

commerceWritesContract(
  'embedded engine (SQLite)',
  async () => {
    const shop = openTempShop();
    return { commerce: shop.container.commerce, close: async () => shop.remove() };
  },
  { idNamespace: 'shop', inventoryItemOnReads: true },
);
