import type { APIRoute } from 'astro';
import { z } from 'zod';
import { AppError } from '../../../domain/errors.ts';
import { toResponse } from '../../../server/http/http.ts';

export const prerender = false;

const querySchema = z.object({ after: z.string().min(1).max(500).optional().catch(undefined) });

/** Orders Shopify's checkout took, newest first, 20 at a time (src/server/orders/checkout.ts). */
export const GET: APIRoute = ({ url, locals }) =>
  toResponse(async () => {
    const orders = locals.container.hostedOrders;
    if (!orders)
      throw new AppError('not_found', 'Οι παραγγελίες γίνονται στο κατάστημα, όχι σε άλλη υπηρεσία.');
    const { after } = querySchema.parse(Object.fromEntries(url.searchParams));
    return {
      provider: orders.provider,
      ...(await orders.listOrders({ after: after ?? null, pageSize: 20 })),
    };
  });
