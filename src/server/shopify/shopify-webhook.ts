import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify signs every webhook with the app's secret: X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256
 * of the raw body. The comparison runs in constant time, on the decoded bytes.
 */
export function verifyShopifyHmac(rawBody: Uint8Array, header: string | null, secret: string): boolean {
  if (!header || !/^[A-Za-z0-9+/]{43}=$/.test(header.trim())) return false;
  const given = Buffer.from(header.trim(), 'base64');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The topics that change what the storefront shows. */
export const isCatalogTopic = (topic: string | null) =>
  /^products\/(create|update|delete)$/.test(topic ?? '');

/** Shopify's webhook bodies are small; a product with many variants stays far below this. */
export const WEBHOOK_MAX_BYTES = 1024 * 1024;
