import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { createLocalStockAlerts } from '../../src/adapters/stock-alerts-local/index.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { stockAlertsContract } from './stock-alerts.contract.ts';

// The same adapter as on SQLite (stock-alerts.local.test.ts), its mails in the same database's outbox.
stockAlertsContract('PostgreSQL', async () => {
  const database = await postgresTestDatabase();
  const mail = createOutboxMail(database.store, { transport: null, from: 'shop@example.gr' });
  return {
    alerts: createLocalStockAlerts(database.store),
    mails: async () => (await mail.listOutbox({ limit: 500 })).reverse(),
    close: database.close,
  };
});
