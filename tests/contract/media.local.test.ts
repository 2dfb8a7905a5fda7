import { openTempShop } from '../helpers/temp-shop.ts';
import { mediaContract } from './media.contract.ts';

mediaContract(
  'embedded engine (files under the data folder)',
  async () => {
    const shop = openTempShop();
    const { media, commerce } = shop.container;
    return {
      media,
      commerce,
      async readImage(url) {
        const name = /^\/media\/([^/?#]+)$/.exec(url)?.[1];
        return name ? ((await media.read(name))?.bytes ?? null) : null;
      },
      close: async () => shop.remove(),
    };
  },
  { urlBeforeAttach: true },
);
