import { z } from 'zod';
import { productPath } from '../../domain/catalog/product-id.ts';
import { isInStock } from '../../domain/catalog/product-page.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import { stockAlertRequestSchema } from '../../domain/stock-alerts/schema.ts';
import {
  CONFIRM_PAGE,
  type ConfirmOutcome,
  tokenLink,
  UNSUBSCRIBE_PAGE,
} from '../../domain/stock-alerts/stock-alert.ts';
import { STOCK_ALERT_LIMITS, STOCK_ALERT_MESSAGES } from '../../domain/stock-alerts/stock-alert-form.ts';
import { confirmationMail } from '../../domain/stock-alerts/stock-alert-mail.ts';
import type { Container } from '../container.ts';
import { readJson } from '../http/http.ts';
import { enforceLimit, RATE_LIMITS } from '../http/rate-limit.ts';

type Deps = Pick<Container, 'commerce' | 'stockAlerts' | 'limits' | 'env'>;

// Any JSON object: its fields are checked below with the form's own Greek messages, all at once.
const bodySchema = z.looseObject({});

/**
 * POST /api/stock-alerts from `ip` (decision 087): counted per address before the body is read,
 * validated, counted per mailbox, then the pending subscription and its confirmation mail are
 * stored in one transaction. The answer is the same whether the address was already waiting.
 */
export async function requestStockAlert(
  container: Deps,
  request: Request,
  ip: string,
): Promise<{ ok: true; message: string }> {
  await enforceLimit(container.limits, RATE_LIMITS.stockAlert, ip, STOCK_ALERT_MESSAGES.tooMany);
  const body = await readJson(request, bodySchema, STOCK_ALERT_LIMITS.bodyBytes);
  const parsed = stockAlertRequestSchema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'form'] ??= issue.message;
    throw new AppError('invalid', Object.values(fields)[0] ?? STOCK_ALERT_MESSAGES.emailInvalid, fields);
  }
  const { productId, email } = parsed.data;
  const product = await container.commerce.getProduct(productId).catch((error: unknown) => {
    // A malformed id is an unknown product; a backend that is down is not the shopper's fault.
    if (isAppError(error) && error.kind !== 'unavailable') return null;
    throw error;
  });
  if (!product)
    throw new AppError('not_found', STOCK_ALERT_MESSAGES.productMissing, {
      productId: STOCK_ALERT_MESSAGES.productMissing,
    });
  if (isInStock(product.available)) throw new AppError('conflict', STOCK_ALERT_MESSAGES.inStock);
  // Whoever asks, one mailbox gets a few confirmation mails an hour at most. Refused the same way
  // for every address, so it tells nothing about who is subscribed.
  const mailbox = await container.limits.hit(RATE_LIMITS.stockAlertMailbox, `mailbox:${email}`);
  if (!mailbox.allowed)
    throw new AppError('rate_limited', STOCK_ALERT_MESSAGES.tooMany, {
      retryAfterSeconds: String(Math.ceil(mailbox.retryAfterMs / 1000)),
    });

  const site = container.env.siteUrl;
  await container.stockAlerts.request(
    { productId: product.id, email },
    ({ confirmToken, unsubscribeToken }) => ({
      kind: 'stock-alert-confirm',
      to: email,
      ...confirmationMail({
        productTitle: product.title,
        confirmLink: tokenLink(site, CONFIRM_PAGE, confirmToken),
        unsubscribeLink: tokenLink(site, UNSUBSCRIBE_PAGE, unsubscribeToken),
      }),
    }),
  );
  return { ok: true, message: STOCK_ALERT_MESSAGES.requested };
}

/** What a link's page shows: the outcome, and the card it was about (when it still exists). */
export type LinkPageState<Outcome extends string> = {
  outcome: Outcome;
  product: { title: string; path: string } | null;
};

async function productOf(container: Deps, productId: string | null) {
  if (!productId) return null;
  const product = await container.commerce.getProduct(productId).catch(() => null);
  return product ? { title: product.title, path: productPath(product) } : null;
}

/** GET /stock-alerts/confirm?token=…: confirms the subscription (the link's one job, decision 087). */
export async function confirmStockAlert(
  container: Deps,
  token: string,
): Promise<LinkPageState<ConfirmOutcome>> {
  if (token === '') return { outcome: 'unknown', product: null };
  const { outcome, productId } = await container.stockAlerts.confirm(token);
  return { outcome, product: await productOf(container, productId) };
}

/** POST /stock-alerts/unsubscribe: deletes the subscription its link names. */
export async function unsubscribeStockAlert(
  container: Deps,
  token: string,
): Promise<LinkPageState<'deleted' | 'unknown'>> {
  const removed = token === '' ? null : await container.stockAlerts.unsubscribe(token);
  if (!removed) return { outcome: 'unknown', product: null };
  return { outcome: 'deleted', product: await productOf(container, removed.productId) };
}
