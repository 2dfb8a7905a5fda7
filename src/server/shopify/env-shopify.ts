import { z } from 'zod';
import {
  DEFAULT_SHOPIFY_API_VERSION,
  SHOPIFY_API_VERSIONS,
} from '../../adapters/commerce-shopify/api-version.ts';

/**
 * The settings of COMMERCE_BACKEND=shopify, checked with the rest of the environment (env.ts) so a
 * wrong or missing one is in the same list. The tokens are secrets: they stay in the server's
 * environment and are never written to a page, a log or an error.
 */
const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const token = (name: string) =>
  optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,200}$/, {
        message: `${name} must be the access token Shopify shows (16+ letters and digits)`,
      })
      .optional(),
  );

export const shopifyEnvShape = {
  /** your-shop.myshopify.com; or http://127.0.0.1:PORT for the local double (npm run start:shopify-double). */
  SHOPIFY_STORE_DOMAIN: optional.pipe(
    z
      .string()
      .regex(
        /^(?:[a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$|^http:\/\/(?:127\.0\.0\.1|localhost):\d{1,5}$/i,
        {
          message:
            'SHOPIFY_STORE_DOMAIN must be the shop domain, such as your-shop.myshopify.com (without https://), or http://127.0.0.1:PORT for the local double',
        },
      )
      .optional(),
  ),
  SHOPIFY_STOREFRONT_TOKEN: token('SHOPIFY_STOREFRONT_TOKEN'),
  SHOPIFY_ADMIN_TOKEN: token('SHOPIFY_ADMIN_TOKEN'),
  SHOPIFY_API_VERSION: z
    .enum(SHOPIFY_API_VERSIONS, {
      message: `SHOPIFY_API_VERSION must be one of ${SHOPIFY_API_VERSIONS.join(', ')}`,
    })
    .default(DEFAULT_SHOPIFY_API_VERSION),
  /** The secret Shopify signs webhooks with (the app's client secret); without it webhooks are refused. */
  SHOPIFY_WEBHOOK_SECRET: optional.pipe(
    z.string().min(16, { message: 'SHOPIFY_WEBHOOK_SECRET must have at least 16 characters' }).optional(),
  ),
  /** Comma-separated sales channel names products are published to; the spec's four by default. */
  SHOPIFY_SALES_CHANNELS: optional,
};

/** With COMMERCE_BACKEND=shopify the store and both tokens are needed (read from the raw values). */
export function missingShopifySettings(given: Record<string, string | undefined>): string[] {
  if (given.COMMERCE_BACKEND?.trim() !== 'shopify') return [];
  return (['SHOPIFY_STORE_DOMAIN', 'SHOPIFY_STOREFRONT_TOKEN', 'SHOPIFY_ADMIN_TOKEN'] as const)
    .filter((key) => !given[key]?.trim())
    .map((key) => `${key}: needed when COMMERCE_BACKEND=shopify`);
}

/** Host and protocol of the store: https for Shopify, http only for a double on this machine. */
export function shopifyEndpoint(domain: string): { storeDomain: string; protocol: 'https' | 'http' } {
  const local = /^http:\/\/(.+)$/i.exec(domain);
  return local?.[1]
    ? { storeDomain: local[1], protocol: 'http' }
    : { storeDomain: domain, protocol: 'https' };
}

export function salesChannels(setting: string | undefined): string[] | undefined {
  const names = setting
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names && names.length > 0 ? names : undefined;
}
