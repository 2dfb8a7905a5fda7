import { postgresOrderShop } from '../helpers/order-shop.ts';
import { customersContract, engineCustomersHarness } from './customers.contract.ts';

// The same adapter as on SQLite (customers.local.test.ts), built on a PostgreSQL database.
customersContract('embedded engine (PostgreSQL)', () => engineCustomersHarness(postgresOrderShop));
