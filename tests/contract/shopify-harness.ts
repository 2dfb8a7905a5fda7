import { afterAll, beforeAll } from 'vitest';
import { createShopifyClient } from '../../src/adapters/commerce-shopify/client.ts';
import { type CatalogVersion, createShopifyCommerce } from '../../src/adapters/commerce-shopify/index.ts';
import { type ShopifyDouble, startShopifyDouble } from '../doubles/shopify/server.ts';

/** One Shopify double per test file, emptied before each test; adapters talk to it over HTTP. */
export function startDoubleForFile(): () => ShopifyDouble {
  let double: ShopifyDouble | undefined;
  beforeAll(async () => {
    double = await startShopifyDouble();
  });
  afterAll(() => double?.close());
  return () => {
    if (!double) throw new Error('the Shopify double is not running');
    return double;
  };
}

export function shopifyClients(double: ShopifyDouble) {
  const endpoint = { storeDomain: double.storeDomain, version: '2026-04', protocol: 'http' as const };
  return {
    storefront: createShopifyClient({ ...endpoint, api: 'storefront', token: double.storefrontToken }),
    admin: createShopifyClient({ ...endpoint, api: 'admin', token: double.adminToken }),
  };
}

/** The catalogue counter the container keeps in SQLite, kept in memory for adapter tests. */
export function memoryCatalogVersion(): CatalogVersion {
  let value = 0;
  return {
    get: async () => value,
    bump: async () => {
      value += 1;
    },
  };
}

export function openShopifyCommerce(double: ShopifyDouble) {
  return createShopifyCommerce({ ...shopifyClients(double), catalogVersion: memoryCatalogVersion() });
}

/** The settings that run a whole shop on the double (COMMERCE_BACKEND=shopify). */
export function shopifyEnv(
  double: ShopifyDouble,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    COMMERCE_BACKEND: 'shopify',
    SHOPIFY_STORE_DOMAIN: double.url,
    SHOPIFY_STOREFRONT_TOKEN: double.storefrontToken,
    SHOPIFY_ADMIN_TOKEN: double.adminToken,
    ...extra,
  };
}
