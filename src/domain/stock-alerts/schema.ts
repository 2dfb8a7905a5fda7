import { z } from 'zod';
import { STOCK_ALERT_LIMITS, STOCK_ALERT_MESSAGES } from './stock-alert-form.ts';

/**
 * POST /api/stock-alerts, parsed on the server (decision 087): the product, an address and an
 * explicit yes. The address is kept trimmed and in lower case, so the same person asking twice
 * for the same card is one subscription.
 */
export const stockAlertRequestSchema = z.object({
  productId: z
    .string({ error: STOCK_ALERT_MESSAGES.productMissing })
    .trim()
    .min(1, { error: STOCK_ALERT_MESSAGES.productMissing })
    .max(STOCK_ALERT_LIMITS.productId, { error: STOCK_ALERT_MESSAGES.productMissing }),
  email: z
    .string({ error: STOCK_ALERT_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: STOCK_ALERT_MESSAGES.emailRequired })
    .max(STOCK_ALERT_LIMITS.email, { error: STOCK_ALERT_MESSAGES.emailInvalid })
    .pipe(z.email({ error: STOCK_ALERT_MESSAGES.emailInvalid }))
    .transform((email) => email.toLowerCase()),
  // Only a real `true`: a missing field, false, "true" or 1 is no consent.
  consent: z.literal(true, { error: STOCK_ALERT_MESSAGES.consentMissing }),
});
export type ValidStockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** A link's token from the query string: anything longer than a token is no token. */
export const stockAlertTokenSchema = z.string().max(200).catch('');
