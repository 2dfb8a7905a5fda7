import { astroRoute } from '../../server/http/json-endpoint.ts';
import { placeOrderEndpoint } from '../../server/orders/order-endpoint.ts';

export const prerender = false;

/** Checkout (src/server/orders/order-endpoint.ts); `npm start` answers it on its fast path, before Astro. */
export const POST = astroRoute(placeOrderEndpoint);
