import { z } from 'zod';
import {
  BULK_LIMITS,
  BULK_MESSAGES,
  type BulkAnswer,
  type BulkRequest,
  bulkChange,
  bulkSummary,
} from '../../domain/admin/bulk-actions.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import type { Container } from '../container.ts';
import { GENERIC_ERROR, readJson } from '../http/http.ts';

const ids = z
  .array(z.string().trim().min(1, { error: BULK_MESSAGES.noIds }).max(200), { error: BULK_MESSAGES.noIds })
  .min(1, { error: BULK_MESSAGES.noIds })
  .max(BULK_LIMITS.ids, { error: BULK_MESSAGES.tooManyIds })
  .refine((list) => new Set(list).size === list.length, { error: BULK_MESSAGES.repeatedIds });

const percent = z
  .number({ error: BULK_MESSAGES.percent })
  .int({ error: BULK_MESSAGES.percent })
  .min(BULK_LIMITS.percent.min, { error: BULK_MESSAGES.percent })
  .max(BULK_LIMITS.percent.max, { error: BULK_MESSAGES.percent });

const quantity = z
  .number({ error: BULK_MESSAGES.quantity })
  .int({ error: BULK_MESSAGES.quantity })
  .min(BULK_LIMITS.quantity.min, { error: BULK_MESSAGES.quantity })
  .max(BULK_LIMITS.quantity.max, { error: BULK_MESSAGES.quantity });

/** The body of POST /api/admin/products/bulk. */
export const bulkRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('offer-on'), ids, percent }),
    z.object({ action: z.literal('offer-off'), ids }),
    z.object({ action: z.literal('stock'), ids, quantity }),
    z.object({ action: z.literal('delete'), ids }),
  ],
  { error: BULK_MESSAGES.action },
);

/** Reads the body; bad input is a 400 whose message is the first field's own (Greek). */
export async function readBulkRequest(request: Request): Promise<BulkRequest> {
  try {
    return await readJson(request, bulkRequestSchema, 32 * 1024);
  } catch (error) {
    const first = isAppError(error) ? Object.values(error.fields)[0] : undefined;
    if (isAppError(error) && error.kind === 'invalid' && first)
      throw new AppError('invalid', first, error.fields);
    throw error;
  }
}

/**
 * Runs a bulk action over the selected products, one after the other (the Shopify Admin API has a
 * rate limit), each read fresh and written whole through the commerce port. A product that fails
 * is reported with its reason and the others go on; nothing is retried.
 */
export async function runBulk(container: Container, request: BulkRequest): Promise<BulkAnswer> {
  const { commerce } = container;
  const done: string[] = [];
  const failed: BulkAnswer['failed'] = [];
  for (const id of request.ids) {
    let title = '';
    const fail = (message: string) => failed.push({ id, title, message });
    try {
      const product = await commerce.getProduct(id);
      if (!product) {
        fail(BULK_MESSAGES.notFound);
        continue;
      }
      title = product.title;
      if (request.action === 'delete') {
        await commerce.deleteProduct(product.id);
        done.push(id);
        continue;
      }
      const change = bulkChange(product, request);
      if (change.kind === 'skipped') fail(change.reason);
      else if (change.kind === 'unchanged') done.push(id);
      else {
        // Shopify may save the product but miss a later step (price, stock): that is no success.
        const { warnings } = await commerce.updateProduct(product.id, change.input);
        if (warnings.length > 0) fail(warnings.join(' '));
        else done.push(id);
      }
    } catch (error) {
      if (!isAppError(error)) log.error('Bulk product action failed', { error, id, action: request.action });
      fail(isAppError(error) ? error.message : GENERIC_ERROR);
    }
  }
  return { done, failed, message: bulkSummary(request.action, done.length, failed.length) };
}
