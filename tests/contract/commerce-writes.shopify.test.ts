import { commerceWritesContract } from './commerce-writes.contract.ts';
import { openShopifyCommerce, startDoubleForFile } from './shopify-harness.ts';

const double = startDoubleForFile();

commerceWritesContract(
  'Shopify (Admin API writes, Storefront API reads, on the local double)',
  async () => {
    double().reset();
    return { commerce: openShopifyCommerce(double()), close: async () => {} };
  },
  { idNamespace: 'shopify', inventoryItemOnReads: false },
);
