/**
 * The Shopify API versions whose official schemas every document in ./documents is validated
 * against (tests/adapters/commerce-shopify/documents.test.ts). The first is the default and the
 * pin: the newest version with an official Storefront schema in @shopify/hydrogen-react and an
 * Admin schema in @shopify/dev-mcp (decision record 020). SHOPIFY_API_VERSION must be one of these.
 */
export const SHOPIFY_API_VERSIONS = ['2026-04', '2026-07'] as const;
export type ShopifyApiVersion = (typeof SHOPIFY_API_VERSIONS)[number];
export const DEFAULT_SHOPIFY_API_VERSION: ShopifyApiVersion = '2026-04';
