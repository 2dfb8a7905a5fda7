import type { Product } from '../../domain/catalog/product.ts';
import type { CatalogPage } from '../../domain/catalog/query.ts';
import { AppError } from '../../domain/errors.ts';
import type { MediaUrlSettings } from '../../domain/media/responsive-image.ts';
import type { CommercePort } from '../../ports/commerce.ts';
import { type Counters, readCounters } from '../database/counters.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { parseGid, requireGid } from '../sqlite/ids.ts';
import { readProductSummaries, readProducts } from './read-products.ts';
import { createVersionedCache } from './search-cache.ts';
import { type SearchHits, searchProductIds, toCatalogPage } from './search-products.ts';
import { importAll, insertProduct, removeProduct, replaceProduct } from './write-products.ts';

export type LocalCommerceOptions = {
  /** Where browsers fetch product images: the shop's /media/ (the default), or MEDIA_PUBLIC_URL. */
  mediaUrls?: MediaUrlSettings;
  /** The content counters; read from the database each time unless the container caches them. */
  counters?: Counters;
};

/** The embedded shop engine's catalogue, on SQLite or PostgreSQL. */
export function createLocalCommerce(store: ShopDatabase, options: LocalCommerceOptions = {}): CommercePort {
  const { db } = store;
  const mediaUrls = options.mediaUrls ?? {};
  async function byRowId(id: number): Promise<Product | null> {
    const [product] = await readProducts(db, (query) => query.where('id', '=', id), mediaUrls);
    return product ?? null;
  }

  async function mustGet(id: number): Promise<Product> {
    const product = await byRowId(id);
    if (!product) throw new AppError('not_found', 'Το προϊόν δεν βρέθηκε');
    return product;
  }

  const counters = options.counters ?? readCounters(store);
  const catalogVersion = async () => (await counters.read()).catalog ?? 0;
  // Which ids a query finds changes only with the catalogue; the page it shows (stock) with sales too.
  const cachedHits = createVersionedCache<SearchHits>();
  const cachedPages = createVersionedCache<CatalogPage>();

  return {
    async searchProducts(query) {
      const { catalog = 0, stock = 0 } = await counters.read();
      return cachedPages(`${catalog}:${stock}`, query, async () => {
        const hits = await cachedHits(String(catalog), query, () => searchProductIds(store, query));
        const products =
          hits.ids.length === 0
            ? []
            : await readProducts(db, (q) => q.where('id', 'in', hits.ids), mediaUrls);
        return toCatalogPage(hits, products, query.pageSize);
      });
    },

    listProducts: () => readProducts(db, (query) => query.orderBy('id', 'desc'), mediaUrls),
    listProductSummaries: () => readProductSummaries(db, (query) => query.orderBy('id', 'desc'), mediaUrls),

    recentProducts: (limit) =>
      readProducts(db, (query) => query.orderBy('id', 'desc').limit(limit), mediaUrls),

    async getProduct(id) {
      const productId = parseGid('Product', id);
      if (productId !== null) return byRowId(productId);
      const variantId = parseGid('ProductVariant', id);
      if (variantId === null) return null;
      const variant = await db
        .selectFrom('variants')
        .select('product_id')
        .where('id', '=', variantId)
        .executeTakeFirst();
      return variant ? byRowId(variant.product_id) : null;
    },

    async createProduct(input) {
      const id = await insertProduct(store, input);
      return { product: await mustGet(id), warnings: [] };
    },

    async updateProduct(id, input) {
      const productId = requireGid('Product', id);
      await replaceProduct(store, productId, input);
      return { product: await mustGet(productId), warnings: [] };
    },

    async deleteProduct(id) {
      await removeProduct(db, requireGid('Product', id));
    },

    version: catalogVersion,

    importProducts: (items, onProgress) =>
      importAll(
        store,
        items.map((item) => ({
          id: item.id === null ? null : requireGid('Product', item.id),
          input: item.input,
        })),
        onProgress,
      ),
  };
}
