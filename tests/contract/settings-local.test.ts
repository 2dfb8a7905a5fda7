import { openTempShop } from '../helpers/temp-shop.ts';
import { settingsContract } from './settings.contract.ts';

settingsContract('local SQLite', async () => {
  const shop = openTempShop({ SHOP_EMAIL: 'owner@example.gr', SHIPPING_CENTS: '350' });
  return { settings: shop.container.settings, close: () => shop.remove() };
});
