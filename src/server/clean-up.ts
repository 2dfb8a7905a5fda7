import type { Container } from './container.ts';

/** An upload no product took within a day was abandoned (a form never saved, a product deleted). */
export const UNUSED_UPLOAD_AGE_MS = 24 * 3_600_000;

/**
 * The periodic clean-up of what nobody needs any more (decision 077): expired admin sessions,
 * sign-in records past the throttle's and the dashboard's use, and unused uploads a day old.
 */
export async function cleanUp(container: Container, now = new Date()) {
  return {
    signIns: await container.auth.purgeExpired(now.getTime()),
    uploads: await container.media.purgeUnused(new Date(now.getTime() - UNUSED_UPLOAD_AGE_MS)),
  };
}
