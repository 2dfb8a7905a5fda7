import { createHash } from 'node:crypto';
import type { APIContext } from 'astro';
import { decodeParam } from '../../domain/catalog/product-id.ts';
import { sharedPageCache } from './page-cache.ts';

/**
 * Product pages on a hosted backend, which has no content version (response-cache.ts serves the
 * engine): rendered on demand (a product made a second ago is never a 404) and cached in this
 * process once rendered. The key is what the page shows: the catalogue and category versions
 * (an edit anywhere moves them, so recommendations and menus follow) and the product itself as
 * read now, so a sale that changes its stock, which moves no version, also makes a new page.
 */
export async function cachedProductPage(
  context: APIContext,
  render: () => Promise<Response>,
): Promise<Response> {
  const { commerce, documents } = context.locals.container;
  const id = decodeParam(context.params.id ?? '');
  let versions: [number, number, unknown];
  try {
    versions = await Promise.all([commerce.version(), documents.version(), commerce.getProduct(id)]);
  } catch {
    // The page itself says what went wrong (a malformed id, a backend that is down).
    return render();
  }
  const [catalog, categories, product] = versions;
  const state = createHash('sha1').update(JSON.stringify(product)).digest('base64url');
  const key = `${catalog}:${categories}:${context.url.pathname}${context.url.search}:${state}`;
  return sharedPageCache().respond(key, context.request, render);
}
