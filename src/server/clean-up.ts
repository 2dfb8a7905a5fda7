import type { Container } from './container.ts';

/** An upload no product took within a day was abandoned (a form never saved, a product deleted). */
export const UNUSED_UPLOAD_AGE_MS = 24 * 3_600_000;

/**
 * The periodic clean-up of what nobody needs any more (decision 077): expired admin sessions,
 * sign-in records past the throttle's and the dashboard's use, unused uploads a day old, and
 * back-in-stock subscriptions whose time ran out (unconfirmed after 48 hours, notified a week ago,
 * any after 6 months; decision 087).
 */
export async function cleanUp(container: Container, now = new Date()) {
  return {
    signIns: await container.auth.purgeExpired(now.getTime()),
    uploads: await container.media.purgeUnused(new Date(now.getTime() - UNUSED_UPLOAD_AGE_MS)),
    stockAlerts: await container.stockAlerts.purge(now),
  };
}
