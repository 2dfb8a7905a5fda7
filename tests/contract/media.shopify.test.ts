import { createShopifyMedia } from '../../src/adapters/media-shopify/index.ts';
import { mediaContract } from './media.contract.ts';
import { openShopifyCommerce, shopifyClients, startDoubleForFile } from './shopify-harness.ts';

const double = startDoubleForFile();

mediaContract(
  'Shopify (staged uploads and product media on the local double)',
  async () => {
    double().reset();
    return {
      media: createShopifyMedia(shopifyClients(double()).admin),
      commerce: openShopifyCommerce(double()),
      async readImage(url) {
        const response = await fetch(url);
        return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
      },
      close: async () => {},
    };
  },
  { urlBeforeAttach: false },
);
