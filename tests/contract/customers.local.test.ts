import { sqliteOrderShop } from '../helpers/order-shop.ts';
import { customersContract, engineCustomersHarness } from './customers.contract.ts';

// The embedded engine is the only adapter of the orders port: on Shopify, its checkout takes the
// orders and the dashboard shows no customers (decision 086).
customersContract('embedded engine (SQLite)', () => engineCustomersHarness(sqliteOrderShop));
