import { sqliteOrderShop } from '../helpers/order-shop.ts';
import { engineOverviewHarness, overviewContract } from './overview.contract.ts';

overviewContract('embedded engine (SQLite)', () => engineOverviewHarness(sqliteOrderShop));
