/**
 * The Shopify double as its own process: for the e2e run with COMMERCE_BACKEND=shopify (the e2e
 * setup starts it on a free port), and for trying the mode on this machine without a Shopify store
 * (`npm run start:shopify-double`, then `npm start` with the settings it prints).
 *
 * Settings (environment): SHOPIFY_DOUBLE_PORT (default 4610; 0 picks a free port),
 * SHOPIFY_DOUBLE_STOREFRONT_TOKEN and SHOPIFY_DOUBLE_ADMIN_TOKEN (fixed tokens; fixed defaults, since
 * the double holds no real data), SHOPIFY_DOUBLE_EMPTY=1 to start without the demo catalogue.
 * It lives under tests/ because it is a test double: nothing in src/ depends on it.
 */
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { startShopifyDouble } from './server.ts';

const port = Number(process.env.SHOPIFY_DOUBLE_PORT ?? 4610);
const storefrontToken = process.env.SHOPIFY_DOUBLE_STOREFRONT_TOKEN ?? 'double_storefront_token_0000';
const adminToken = process.env.SHOPIFY_DOUBLE_ADMIN_TOKEN ?? 'shpat_double_admin_token_0000';

const double = await startShopifyDouble({ port, storefrontToken, adminToken });
const products = process.env.SHOPIFY_DOUBLE_EMPTY === '1' ? 0 : await seedDemoCatalogue(double);
// The URL line is what the e2e setup waits for (and reads the port from): print it last.
console.info(`The local Shopify double holds ${products} products. Run the shop on it with:

  COMMERCE_BACKEND=shopify SHOPIFY_STORE_DOMAIN=${double.url} \\
  SHOPIFY_STOREFRONT_TOKEN=${storefrontToken} SHOPIFY_ADMIN_TOKEN=${adminToken} \\
  DATA_DIR=./data-shopify npm start
`);
console.info(`Shopify double listening at ${double.url}`);

const stop = async () => {
  await double.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
