import type { Product } from '../ports/commerce.ts';
import type { Category } from '../ports/documents.ts';
import type { Container } from './container.ts';

export type StorefrontData = { products: Product[]; categories: Category[] };

let cached: { version: string; data: Promise<StorefrontData> } | undefined;

/**
 * The whole catalogue and the category documents, fetched once per content version: a build
 * renders every page from one read, and a running server re-reads only after a change.
 */
export async function storefrontData({ commerce, documents }: Container): Promise<StorefrontData> {
  const version = `${await commerce.version()}:${await documents.version()}`;
  if (cached?.version !== version) {
    const data = Promise.all([commerce.listProducts(), documents.listCategories()]).then(
      ([products, categories]) => ({
        products,
        categories,
      }),
    );
    cached = { version, data };
    data.catch(() => {
      if (cached?.data === data) cached = undefined;
    });
  }
  return cached.data;
}
