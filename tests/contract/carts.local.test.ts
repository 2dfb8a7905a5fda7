import { sqliteOrderShop } from '../helpers/order-shop.ts';
import { cartsContract, ENGINE_CART_TRAITS, engineCartsHarness } from './carts.contract.ts';

cartsContract('embedded engine (SQLite)', () => engineCartsHarness(sqliteOrderShop), ENGINE_CART_TRAITS);
