import { openTestCatalogue } from '../helpers/catalogue.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { commerceContract } from './commerce.contract.ts';

// The same adapter as on SQLite (commerce.local.test.ts, through the container).
commerceContract(
  'embedded engine (PostgreSQL)',
  async () => {
    const catalogue = await openTestCatalogue(postgresTestDatabase);
    const { commerce, store } = catalogue;
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
        await store.db
          .updateTable('variants')
          .set({ price_cents: null })
          .where('product_id', '=', id)
          .execute();
        return (await commerce.getProduct(created.product.id)) ?? created.product;
      },
      close: catalogue.close,
    };
  },
  { unpricedProducts: true, idNamespace: 'shop' },
);
