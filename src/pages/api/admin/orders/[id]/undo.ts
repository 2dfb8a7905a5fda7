import type { APIRoute } from 'astro';
import { decodeParam } from '../../../../../domain/catalog/product-id.ts';
import { toResponse } from '../../../../../server/http/http.ts';
import { undoOrderStatus } from '../../../../../server/orders/order-status.ts';

export const prerender = false;

/** Undoes the order's last move while the lifecycle allows it (decision 082); 409 when not. */
export const POST: APIRoute = ({ params, locals }) =>
  toResponse(async () => ({ order: await undoOrderStatus(locals.container, decodeParam(params.id)) }));
