import type { Category } from '../../domain/catalog/category.ts';
import type { ProductSummary } from '../../domain/catalog/product.ts';
import type { Container } from '../container.ts';

type Cached<T> = { version: number; data: Promise<T> };

/** Memoises one bulk read per data version; a failed read is forgotten so the next call retries. */
function perVersion<T>(version: () => Promise<number>, read: () => Promise<T>) {
  let cached: Cached<T> | undefined;
  return async (): Promise<T> => {
    const current = await version();
    if (cached?.version !== current) {
      const data = read();
      cached = { version: current, data };
      data.catch(() => {
        if (cached?.data === data) cached = undefined;
      });
    }
    return cached.data;
  };
}

const readers = new WeakMap<
  Container,
  { products: () => Promise<ProductSummary[]>; categories: () => Promise<Category[]> }
>();

function readersOf(container: Container) {
  let found = readers.get(container);
  if (!found) {
    const { commerce, documents } = container;
    found = {
      products: perVersion(
        () => commerce.version(),
        () => commerce.listProductSummaries(),
      ),
      categories: perVersion(
        () => documents.version(),
        () => documents.listCategories(),
      ),
    };
    readers.set(container, found);
  }
  return found;
}

/**
 * The whole catalogue without descriptions, newest first, read once per catalogue version: a
 * build renders every page from one read, and a running server re-reads only after a change.
 */
export const storefrontProducts = (container: Container) => readersOf(container).products();

/** The category documents, read once per documents version (the header menu needs only these). */
export const storefrontCategories = (container: Container) => readersOf(container).categories();
