import { postgresOrderShop } from '../helpers/order-shop.ts';
import { cartsContract, ENGINE_CART_TRAITS, engineCartsHarness } from './carts.contract.ts';

// The same adapter as on SQLite (carts.local.test.ts), built on a PostgreSQL database (decision 093).
cartsContract(
  'embedded engine (PostgreSQL)',
  () => engineCartsHarness(postgresOrderShop),
  ENGINE_CART_TRAITS,
);
