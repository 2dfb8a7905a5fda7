import { postgresOrderShop } from '../helpers/order-shop.ts';
import { engineOverviewHarness, overviewContract } from './overview.contract.ts';

// The same adapter as on SQLite (overview.local.test.ts), built on a PostgreSQL database.
overviewContract('embedded engine (PostgreSQL)', () => engineOverviewHarness(postgresOrderShop));
