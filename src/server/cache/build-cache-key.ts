import { createHash } from 'node:crypto';

/** A short stable digest of the data a page renders, for Astro's incremental build `cacheKey`. */
export function cacheKeyOf(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 22);
}
