import { addressKey } from '../../domain/auth/client-address.ts';
import { AppError } from '../../domain/errors.ts';
import type { RateLimitRule } from '../../domain/limits/rate-limit.ts';
import type { RateLimitPort } from '../../ports/rate-limits.ts';

/**
 * The shop's rate limits, counted per client address in the database (the rate-limits port), so
 * they hold across processes and restarts. Sign-in is throttled by the auth port itself.
 */
export const RATE_LIMITS = {
  /** Five messages per address in any ten minutes: plenty for a person, useless for a flood. */
  contact: { name: 'contact', limit: 5, windowMs: 10 * 60_000 },
  /** Back-in-stock requests per address in ten minutes: a shopper asks for a few cards (decision 087). */
  stockAlert: { name: 'stock-alert', limit: 10, windowMs: 10 * 60_000 },
  /**
   * Confirmation mails one address can be sent per hour, whoever asks: a shopper may ask for
   * several sold-out cards in a visit; nobody floods a mailbox.
   */
  stockAlertMailbox: { name: 'stock-alert-mailbox', limit: 10, windowMs: 60 * 60_000 },
  /** New carts per address and hour: a shopper needs a few; a script must not fill the disk. */
  newCart: { name: 'new-cart', limit: 30, windowMs: 60 * 60_000 },
  /** Order attempts per address and hour. */
  order: { name: 'order', limit: 10, windowMs: 60 * 60_000 },
  /** Wishlist reads per address and minute: each may read up to 100 products (on Shopify, a request each). */
  wishlist: { name: 'wishlist', limit: 30, windowMs: 60_000 },
  /** Storefront proxy calls per address and minute: a shopper's browsing is far below this. */
  shopifyStorefront: { name: 'shopify-storefront', limit: 120, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/** Hits older than this are of no rule's concern any more. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((rule) => rule.windowMs));

/** Counts one hit of the client at `ip`, or refuses with `message` (429) when it is over the rule. */
export async function enforceLimit(
  limits: RateLimitPort,
  rule: RateLimitRule,
  ip: string,
  message: string,
): Promise<void> {
  const { allowed, retryAfterMs } = await limits.hit(rule, addressKey(ip));
  if (!allowed)
    throw new AppError('rate_limited', message, {
      retryAfterSeconds: String(Math.ceil(retryAfterMs / 1000)),
    });
}
