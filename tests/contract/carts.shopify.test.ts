import { createShopifyCarts } from '../../src/adapters/commerce-shopify/carts.ts';
import { cartsContract } from './carts.contract.ts';
import { openShopifyCommerce, shopifyClients, startDoubleForFile } from './shopify-harness.ts';

const double = startDoubleForFile();

cartsContract(
  'Shopify (Storefront API on the local double)',
  async () => {
    double().reset();
    const commerce = openShopifyCommerce(double());
    return {
      carts: createShopifyCarts(shopifyClients(double()).storefront),
      async seed(title, priceCents, quantity) {
        const made = double().store.seedProduct({ title, priceCents, quantity, productType: 'Card' });
        const read = await commerce.getProduct(`gid://shopify/Product/${made.id}`);
        if (!read) throw new Error('seeded product is not on the storefront');
        return read;
      },
      async setStock(product, quantity) {
        const store = double().store;
        const made = store.products.get(Number(product.id.split('/').pop()));
        if (!made) throw new Error('no such product in the double');
        store.setAvailable(made.variant.item.id, store.locations[0]?.id ?? 0, quantity);
      },
      close: async () => {},
    };
  },
  {
    cartId: /^gid:\/\/shopify\/Cart\/\w+\?key=\w+$/,
    checkoutUrl: /^http:\/\/127\.0\.0\.1:\d+\/cart\/c\/\w+\?key=\w+$/,
    unknownCartId: 'gid://shopify/Cart/hWNunknown?key=0123',
  },
);
