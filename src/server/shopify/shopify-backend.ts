import { createShopifyCarts } from '../../adapters/commerce-shopify/carts.ts';
import { createShopifyClient, type ShopifyClient } from '../../adapters/commerce-shopify/client.ts';
import { createShopifyCommerce } from '../../adapters/commerce-shopify/index.ts';
import { createShopifyOrders } from '../../adapters/commerce-shopify/orders.ts';
import { createShopifyOverview } from '../../adapters/commerce-shopify/overview.ts';
import { catalogCounter } from '../../adapters/database/catalog-counter.ts';
import type { ShopDatabase } from '../../adapters/database/shop-database.ts';
import { createShopifyMedia } from '../../adapters/media-shopify/index.ts';
import type { CartPort, CommercePort, HostedOrdersPort } from '../../ports/commerce.ts';
import type { MediaPort } from '../../ports/media.ts';
import type { OverviewPort } from '../../ports/overview.ts';
import type { Env } from '../env.ts';
import { salesChannels, shopifyEndpoint } from './env-shopify.ts';

/**
 * The Shopify half of the composition root (container.ts): the adapters that serve the commerce,
 * cart, media, hosted-order and overview ports when COMMERCE_BACKEND=shopify, and what the proxies and the
 * webhook need. The catalogue's change counter stays in the shop's own database.
 */
export type ShopifyBackend = {
  commerce: CommercePort;
  carts: CartPort;
  media: MediaPort;
  orders: HostedOrdersPort;
  /** The dashboard overview's figures from Shopify's orders and catalogue (decision 091). */
  overview: OverviewPort;
  /** A client per API version for the admin proxy (optional api_version); the configured one first. */
  adminClient(version?: string): ShopifyClient;
  storefrontClient(version?: string): ShopifyClient;
  /** A catalogue change made outside the shop (a `products/*` webhook): the storefront rebuilds. */
  catalogChanged(): Promise<void>;
  webhookSecret: string | undefined;
};

export function createShopifyBackend(env: Env, database: ShopDatabase): ShopifyBackend {
  const { storeDomain, protocol } = shopifyEndpoint(env.SHOPIFY_STORE_DOMAIN ?? '');
  const clients = new Map<string, ShopifyClient>();
  const client = (api: 'admin' | 'storefront', version: string = env.SHOPIFY_API_VERSION) => {
    const key = `${api} ${version}`;
    let found = clients.get(key);
    if (!found) {
      const token = api === 'admin' ? env.SHOPIFY_ADMIN_TOKEN : env.SHOPIFY_STOREFRONT_TOKEN;
      found = createShopifyClient({ api, storeDomain, version, token: token ?? '', protocol });
      clients.set(key, found);
    }
    return found;
  };
  const catalogVersion = catalogCounter(database);
  const channels = salesChannels(env.SHOPIFY_SALES_CHANNELS);
  return {
    commerce: createShopifyCommerce({
      storefront: client('storefront'),
      admin: client('admin'),
      catalogVersion,
      ...(channels ? { salesChannels: channels } : {}),
    }),
    carts: createShopifyCarts(client('storefront')),
    media: createShopifyMedia(client('admin')),
    orders: createShopifyOrders(client('admin'), `${protocol}://${storeDomain}/admin`),
    overview: createShopifyOverview(client('admin')),
    adminClient: (version) => client('admin', version),
    storefrontClient: (version) => client('storefront', version),
    catalogChanged: () => catalogVersion.bump(),
    webhookSecret: env.SHOPIFY_WEBHOOK_SECRET,
  };
}
