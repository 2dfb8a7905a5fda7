import type { APIRoute } from 'astro';
import { z } from 'zod';
import { decodeParam } from '../../../../domain/catalog/product-id.ts';
import { AppError } from '../../../../domain/errors.ts';
import { readJson, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

export const GET: APIRoute = ({ params, locals }) =>
  toResponse(async () => {
    const order = await locals.container.orders.getOrder(decodeParam(params.id));
    if (!order) throw new AppError('not_found', 'Η παραγγελία δεν βρέθηκε.');
    return { order };
  });

/** Status changes: paid, shipped, cancelled (which restocks, in the same transaction). */
export const PATCH: APIRoute = ({ params, request, locals }) =>
  toResponse(async () => {
    const { status } = await readJson(
      request,
      z.object({ status: z.enum(['paid', 'shipped', 'cancelled']) }),
      1024,
    );
    return { order: await locals.container.orders.setOrderStatus(decodeParam(params.id), status) };
  });
