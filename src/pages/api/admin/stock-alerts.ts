import type { APIRoute } from 'astro';
import { z } from 'zod';
import { parseQuery, toResponse } from '../../../server/http/http.ts';
import { stockAlertOverview, TOP_WAITING_PRODUCTS } from '../../../server/stock-alerts/overview.ts';

export const prerender = false;

const querySchema = z.object({
  top: z.coerce.number().int().min(1).max(50).catch(TOP_WAITING_PRODUCTS),
  // Product ids separated by commas (ids hold no commas): their waiting counts, for a list of them.
  productIds: z
    .string()
    .max(20_000)
    .optional()
    .catch(undefined)
    .transform((value) =>
      value === undefined
        ? undefined
        : value
            .split(',')
            .map((id) => id.trim())
            .filter((id) => id !== '' && id.length <= 200)
            .slice(0, 200),
    ),
});

/**
 * Shoppers waiting for cards to come back (decision 087): the total and the most wanted cards, for
 * the overview; with `productIds`, also the waiting count of each of those products.
 */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const { top, productIds } = parseQuery(querySchema, url.searchParams);
    const { container } = locals;
    const overview = await stockAlertOverview(container, top);
    if (productIds === undefined) return overview;
    return { ...overview, counts: await container.stockAlerts.waitingCounts(productIds) };
  });
