import { openTempShop } from '../helpers/temp-shop.ts';
import { stockAlertsContract } from './stock-alerts.contract.ts';

// The subscriptions live in the shop's own SQLite database in every mode, Shopify's included.
stockAlertsContract('local SQLite', async () => {
  const shop = openTempShop();
  return {
    alerts: shop.container.stockAlerts,
    mails: async () => (await shop.container.mail.listOutbox({ limit: 500 })).reverse(),
    close: () => shop.remove(),
  };
});
