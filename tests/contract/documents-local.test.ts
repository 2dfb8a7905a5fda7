import { openTempShop } from '../helpers/temp-shop.ts';
import { documentsContract } from './documents.contract.ts';

documentsContract('local SQLite', async () => {
  const shop = openTempShop();
  return { documents: shop.container.documents, close: () => shop.remove() };
});
