import type { APIRoute } from 'astro';
import { z } from 'zod';
import { decodeParam } from '../../../../domain/catalog/product-id.ts';
import { AppError } from '../../../../domain/errors.ts';
import { shipmentSchema } from '../../../../domain/orders/carriers.ts';
import { LIFECYCLE_MESSAGES } from '../../../../domain/orders/lifecycle.ts';
import { ORDER_STATUSES } from '../../../../domain/orders/order.ts';
import { readJson, toResponse } from '../../../../server/http/http.ts';
import { changeOrderStatus } from '../../../../server/orders/order-status.ts';

export const prerender = false;

/** An order, with the shopper's other orders (by email) for the dashboard's detail. */
export const GET: APIRoute = ({ params, locals }) =>
  toResponse(async () => {
    const order = await locals.container.orders.getOrder(decodeParam(params.id));
    if (!order) throw new AppError('not_found', LIFECYCLE_MESSAGES.notFound);
    const others = await locals.container.orders.customerOrders(order.customer.email);
    return { order, others: others.filter((other) => other.id !== order.id) };
  });

const changeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES).exclude(['pending']),
    shipment: shipmentSchema.optional(),
    reason: z.string().trim().max(500, { error: 'Έως 500 χαρακτήρες.' }).optional(),
  })
  .superRefine((change, context) => {
    if (change.status === 'shipped' && !change.shipment)
      context.addIssue({
        code: 'custom',
        path: ['shipment', 'carrier'],
        message: LIFECYCLE_MESSAGES.carrier,
      });
  });

/**
 * A move along the order's lifecycle (decision 082), with its mail to the shopper; a move the
 * lifecycle does not allow answers 409 in Greek, and nothing changes.
 */
export const PATCH: APIRoute = ({ params, request, locals }) =>
  toResponse(async () => {
    const { status, shipment, reason } = await readJson(request, changeSchema, 4096);
    return {
      order: await changeOrderStatus(locals.container, decodeParam(params.id), {
        status,
        ...(shipment ? { shipment } : {}),
        ...(reason ? { reason } : {}),
      }),
    };
  });
