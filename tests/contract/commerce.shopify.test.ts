import { commerceContract } from './commerce.contract.ts';
import { openShopifyCommerce, startDoubleForFile } from './shopify-harness.ts';

const double = startDoubleForFile();

commerceContract(
  'Shopify (Storefront API on the local double)',
  async () => {
    double().reset();
    const commerce = openShopifyCommerce(double());
    return {
      commerce,
      async seed({ priceCents, quantity, ...product }) {
        const made = double().store.seedProduct({
          ...product,
          priceCents: priceCents ?? 0,
          quantity: quantity ?? 1,
        });
        const read = await commerce.getProduct(`gid://shopify/Product/${made.id}`);
        if (!read) throw new Error(`seeded product ${made.id} is not on the storefront`);
        return read;
      },
      close: async () => {},
    };
  },
  { unpricedProducts: false, idNamespace: 'shopify' },
);
