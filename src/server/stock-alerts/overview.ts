import { productPath } from '../../domain/catalog/product-id.ts';
import type { Container } from '../container.ts';

/** The most wanted cards the overview lists. */
export const TOP_WAITING_PRODUCTS = 5;

export type StockAlertOverview = {
  /** Waiting (confirmed) subscriptions over all products. */
  waiting: number;
  /** The products with the most, most first; a product's title and link as it is now. */
  products: Array<{ productId: string; title: string; path: string; waiting: number }>;
};

/**
 * For the dashboard's overview (decision 087): how many shoppers wait for a card, and for which
 * cards most. A product gone by now is listed by its id until the 6-month clean-up forgets it.
 */
export async function stockAlertOverview(
  container: Pick<Container, 'commerce' | 'stockAlerts'>,
  top = TOP_WAITING_PRODUCTS,
): Promise<StockAlertOverview> {
  const summary = await container.stockAlerts.summary(top);
  const products = await Promise.all(
    summary.products.map(async ({ productId, waiting }) => {
      const product = await container.commerce.getProduct(productId).catch(() => null);
      return {
        productId,
        title: product?.title ?? productId,
        path: product ? productPath(product) : productPath({ id: productId }),
        waiting,
      };
    }),
  );
  return { waiting: summary.waiting, products };
}
