import { createLocalCarts } from '../../src/adapters/commerce-local/carts.ts';
import { createLocalCommerce } from '../../src/adapters/commerce-local/index.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { cartsContract } from './carts.contract.ts';

// The same adapter as on SQLite (carts.local.test.ts), built on a PostgreSQL database (decision 093).
cartsContract(
  'embedded engine (PostgreSQL)',
  async () => {
    const database = await postgresTestDatabase();
    const commerce = createLocalCommerce(database.store);
    return {
      carts: createLocalCarts(database.store),
      seed: async (title, priceCents, quantity) =>
        (await commerce.createProduct({ title, priceCents, quantity, tags: [], productType: 'Card' }))
          .product,
      async setStock(product, quantity) {
        await commerce.updateProduct(product.id, {
          title: product.title,
          priceCents: product.priceCents ?? 0,
          quantity,
          productType: 'Card',
        });
      },
      close: database.close,
    };
  },
  { cartId: /^[A-Za-z0-9_-]{32}$/, checkoutUrl: /^\/checkout$/, unknownCartId: 'A'.repeat(32) },
);
