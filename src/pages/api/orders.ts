import { astroRoute } from '../../server/json-endpoint.ts';
import { placeOrderEndpoint } from '../../server/order-endpoint.ts';

export const prerender = false;

/** Checkout (src/server/order-endpoint.ts); `npm start` answers it at its edge, before Astro. */
export const POST = astroRoute(placeOrderEndpoint);
