import type { APIRoute } from 'astro';
import { isAppError } from '../../../domain/errors.ts';
import { json, readBody } from '../../../server/http/http.ts';
import {
  isCatalogTopic,
  verifyShopifyHmac,
  WEBHOOK_MAX_BYTES,
} from '../../../server/shopify/shopify-webhook.ts';

export const prerender = false;

/**
 * Shopify's `products/create`, `products/update` and `products/delete` webhooks: a product changed in
 * the Shopify admin, so the storefront's content version moves and the rebuild service builds it.
 * Only a body signed with SHOPIFY_WEBHOOK_SECRET counts; anything else is refused before it is read
 * further. Other topics are acknowledged and ignored (Shopify retries answers that are not 2xx).
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const shopify = locals.container.shopify;
  if (!shopify?.webhookSecret)
    return json(
      { error: { kind: 'not_found', message: 'Τα webhooks του Shopify δεν έχουν ρυθμιστεί.', fields: {} } },
      { status: 404 },
    );
  let body: Uint8Array;
  try {
    body = await readBody(request, WEBHOOK_MAX_BYTES);
  } catch (error) {
    if (isAppError(error)) return json({ ok: false }, { status: 413 });
    throw error;
  }
  if (!verifyShopifyHmac(body, request.headers.get('x-shopify-hmac-sha256'), shopify.webhookSecret))
    return json(
      { error: { kind: 'unauthorized', message: 'Μη έγκυρη υπογραφή.', fields: {} } },
      { status: 401 },
    );
  const topic = request.headers.get('x-shopify-topic');
  if (!isCatalogTopic(topic)) return json({ ok: true, ignored: topic });
  await shopify.catalogChanged();
  return json({ ok: true });
};
