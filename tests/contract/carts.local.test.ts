import { openTempShop } from '../helpers/temp-shop.ts';
import { cartsContract } from './carts.contract.ts';

cartsContract(
  'embedded engine (SQLite)',
  async () => {
    const shop = openTempShop();
    const { commerce, carts } = shop.container;
    return {
      carts,
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
      close: async () => shop.remove(),
    };
  },
  { cartId: /^[A-Za-z0-9_-]{32}$/, checkoutUrl: /^\/checkout$/, unknownCartId: 'A'.repeat(32) },
);
