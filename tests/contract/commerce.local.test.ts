import { openTempShop } from '../helpers/temp-shop.ts';
import { commerceContract } from './commerce.contract.ts';

commerceContract(
  'embedded engine (SQLite)',
  async () => {
    const shop = openTempShop();
    const { commerce } = shop.container;
    return {
      commerce,
      async seed({ priceCents, ...product }) {
        const created = await commerce.createProduct({
          ...product,
          priceCents: priceCents ?? 0,
          quantity: product.quantity ?? 1,
        });
        if (priceCents !== null) return created.product;
        // An unpriced product, as an imported catalogue may hold (the admin form always sets a price).
        const id = Number(created.product.id.split('/').pop());
        shop.engine.sqlite.prepare('UPDATE variants SET price_cents = NULL WHERE product_id = ?').run(id);
        return (await commerce.getProduct(created.product.id)) ?? created.product;
      },
      close: async () => shop.remove(),
    };
  },
  { unpricedProducts: true, idNamespace: 'shop' },
);
