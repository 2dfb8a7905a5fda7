import { productPath } from '../../domain/catalog/product-id.ts';
import { isRestocked, tokenLink, UNSUBSCRIBE_PAGE } from '../../domain/stock-alerts/stock-alert.ts';
import { backInStockMail } from '../../domain/stock-alerts/stock-alert-mail.ts';
import { log } from '../../lib/log.ts';
import type { Container } from '../container.ts';

/** Waiting products read per page: a pass reads them all, a page at a time. */
export const PRODUCTS_PER_PAGE = 200;

type Deps = Pick<Container, 'commerce' | 'stockAlerts' | 'env'>;

/**
 * One restock pass (decision 087): every product with waiting subscribers is read as the commerce
 * port has it now, and each one in stock gets its subscribers mailed, each once, in the
 * transaction that marks them notified. It compares the stock now, not a change, so an admin
 * edit, a CSV import, a cancelled order's restock, a Shopify edit or a fix in the database are
 * all seen the same way, and a pass that was missed is made up by the next. A product that no
 * longer exists takes its subscriptions with it. Answers how many mails were queued.
 */
export async function runRestockPass(container: Deps, now = new Date()): Promise<number> {
  let queued = 0;
  let after: string | undefined;
  for (;;) {
    const page = await container.stockAlerts.waitingProducts(PRODUCTS_PER_PAGE, after);
    for (const productId of page) queued += await restock(container, productId, now);
    if (page.length < PRODUCTS_PER_PAGE) return queued;
    after = page.at(-1);
  }
}

/** One waiting product: its subscribers mailed if it is back in stock. */
async function restock(container: Deps, productId: string, now: Date): Promise<number> {
  let product: Awaited<ReturnType<Deps['commerce']['getProduct']>>;
  try {
    product = await container.commerce.getProduct(productId);
  } catch (error) {
    // A backend that does not answer now is asked again in the next pass.
    log.warn('Restock pass: a product could not be read', { productId, error });
    return 0;
  }
  // Not found now may be for a while only (a Shopify product back in draft, unpublished): the
  // shoppers keep waiting, and the 6-month clean-up forgets a product that never returns.
  if (!product) return 0;
  if (!isRestocked(product.available)) return 0;
  const { title } = product;
  const site = container.env.siteUrl;
  const productLink = new URL(productPath(product), `${site}/`).href;
  return container.stockAlerts.notify(
    productId,
    ({ email, unsubscribeToken }) => ({
      kind: 'back-in-stock',
      to: email,
      ...backInStockMail({
        productTitle: title,
        productLink,
        unsubscribeLink: tokenLink(site, UNSUBSCRIBE_PAGE, unsubscribeToken),
      }),
    }),
    now,
  );
}
