import { z } from 'zod';
import { parseProductInput } from '../../domain/catalog/product.ts';
import {
  type CatalogPage,
  type CatalogQuery,
  compareForSort,
  exactFirst,
  matchesCatalogQuery,
} from '../../domain/catalog/query.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import type { CommercePort } from '../../ports/commerce.ts';
import { storefrontSearch, storefrontSort } from './catalog-search.ts';
import type { ShopifyClient } from './client.ts';
import {
  STOREFRONT_NODE,
  STOREFRONT_PRODUCT_SUMMARIES,
  STOREFRONT_PRODUCTS,
} from './documents/storefront.ts';
import { type CatalogVersion, createShopifyProductWrites } from './product-writes.ts';
import {
  pageInfoSchema,
  parseWire,
  reshapeStorefrontProduct,
  reshapeStorefrontSummary,
  storefrontProductSchema,
  storefrontSummarySchema,
} from './reshape.ts';

/** The storefront page size (spec section 9). */
const PAGE = 250;
/** 200 pages of 250: far past any card shop, and a stop for a cursor that never ends. */
const MAX_PAGES = 200;

type ProductsVariables = { query?: string | undefined; sortKey: string; reverse: boolean };

/** A products query: its document, and how one page of its answer becomes the port's products. */
type PagedRead<Read> = {
  document: string;
  read(data: unknown): { items: Read[]; pageInfo: z.infer<typeof pageInfoSchema> };
};

function pagedRead<Node, Read>(
  document: string,
  node: z.ZodType<Node>,
  reshape: (node: Node) => Read,
): PagedRead<Read> {
  const page = z.object({
    products: z.object({
      pageInfo: pageInfoSchema,
      edges: z.array(z.object({ cursor: z.string(), node })),
    }),
  });
  return {
    document,
    read(data) {
      const { products } = parseWire(page, data, 'product page');
      return { items: products.edges.map((edge) => reshape(edge.node)), pageInfo: products.pageInfo };
    },
  };
}

const FULL = pagedRead(STOREFRONT_PRODUCTS, storefrontProductSchema, reshapeStorefrontProduct);
const SUMMARIES = pagedRead(STOREFRONT_PRODUCT_SUMMARIES, storefrontSummarySchema, reshapeStorefrontSummary);

const nodeAnswer = z.object({
  node: z
    .union([
      storefrontProductSchema.extend({ __typename: z.literal('Product') }),
      z.object({ __typename: z.literal('ProductVariant'), id: z.string(), product: storefrontProductSchema }),
      z.object({ __typename: z.string() }),
    ])
    .nullable(),
});

const SHOPIFY_PRODUCT_ID = /^gid:\/\/shopify\/(Product|ProductVariant)\/\d{1,20}$/;

export type { CatalogVersion } from './product-writes.ts';

export type ShopifyCommerceDeps = {
  storefront: ShopifyClient;
  admin: ShopifyClient;
  catalogVersion: CatalogVersion;
  /** The sales channels products are published to (DEFAULT_SALES_CHANNELS unless configured). */
  salesChannels?: readonly string[];
};

/** The catalogue on Shopify: reads through the Storefront API; admin writes through the Admin API. */
export function createShopifyCommerce({
  storefront,
  admin,
  catalogVersion,
  salesChannels,
}: ShopifyCommerceDeps): CommercePort {
  const writes = createShopifyProductWrites({
    admin,
    catalogVersion,
    ...(salesChannels ? { salesChannels } : {}),
  });

  /** Every product matching `query`, with its description. */
  const readAll = (variables: ProductsVariables, limit = Infinity) => readPages(FULL, variables, limit);

  /** Every product matching `query`, paged 250 at a time with cursors until Shopify says there is no more. */
  async function readPages<Read>(
    how: PagedRead<Read>,
    variables: ProductsVariables,
    limit = Infinity,
  ): Promise<Read[]> {
    const products: Read[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const first = Math.min(PAGE, limit - products.length);
      const connection = how.read(await storefront.request(how.document, { ...variables, first, after }));
      products.push(...connection.items);
      after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
      if (!after || products.length >= limit) return products;
    }
    throw new AppError('unavailable', 'Ο κατάλογος του Shopify δεν τελειώνει· η ανάγνωση σταμάτησε.');
  }

  async function searchProducts(query: CatalogQuery): Promise<CatalogPage> {
    const empty = (query.teams && query.teams.length === 0) || (query.titles && query.titles.length === 0);
    const found = empty
      ? []
      : exactFirst(
          (await readAll({ query: storefrontSearch(query), ...storefrontSort(query.sort) }))
            .filter((product) => matchesCatalogQuery(product, query))
            .sort(compareForSort(query.sort)),
          query,
        );
    const pageCount = Math.max(1, Math.ceil(found.length / query.pageSize));
    const page = Math.min(Math.max(1, query.page), pageCount);
    return {
      products: found.slice((page - 1) * query.pageSize, page * query.pageSize),
      total: found.length,
      page,
      pageSize: query.pageSize,
      pageCount,
    };
  }

  return {
    searchProducts,

    listProducts: () => readAll({ sortKey: 'ID', reverse: true }),

    listProductSummaries: () => readPages(SUMMARIES, { sortKey: 'ID', reverse: true }),

    recentProducts: (limit) => readAll({ sortKey: 'ID', reverse: true }, Math.max(0, limit)),

    async getProduct(id) {
      if (!SHOPIFY_PRODUCT_ID.test(id)) return null;
      const { node } = parseWire(nodeAnswer, await storefront.request(STOREFRONT_NODE, { id }), 'product');
      if (node?.__typename === 'Product')
        return reshapeStorefrontProduct(node as z.infer<typeof storefrontProductSchema>);
      if (node?.__typename === 'ProductVariant' && 'product' in node)
        return reshapeStorefrontProduct(node.product);
      return null;
    },

    createProduct: writes.createProduct,
    updateProduct: writes.updateProduct,
    deleteProduct: writes.deleteProduct,

    version: () => catalogVersion.get(),

    async importProducts(items, onProgress) {
      // Bad input writes nothing: every item is checked before the first write.
      for (const item of items) parseProductInput(item.input);
      // One product at a time through the Admin flow; progress after each. A failure stops here:
      // the rows done are in the store, so the same file run again skips them and goes on.
      let created = 0;
      let updated = 0;
      for (const [index, item] of items.entries()) {
        try {
          if (item.id === null) await writes.createProduct(item.input);
          else await writes.updateProduct(item.id, item.input);
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          throw new AppError(
            isAppError(error) ? error.kind : 'unavailable',
            `Η εισαγωγή σταμάτησε στο προϊόν ${index + 1} από ${items.length} (${item.input.title}): ${detail}. Τα ${index} πρώτα αποθηκεύτηκαν· εισαγάγετε ξανά το ίδιο αρχείο για να συνεχίσει.`,
          );
        }
        if (item.id === null) created += 1;
        else updated += 1;
        onProgress(index + 1);
      }
      return { created, updated };
    },
  };
}
