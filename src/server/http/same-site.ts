/**
 * Whether a request's Origin header names another site than the host it was sent to: a page of
 * that site made the request. No Origin (a form or fetch of the same page in older browsers, or no
 * browser at all) is not another site; an Origin that is no URL is.
 */
export function fromOtherSite(origin: string | null | undefined, host: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** Methods that change nothing (RFC 9110's safe methods the shop answers): every other may write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isSafeMethod = (method: string | undefined): boolean => SAFE_METHODS.has(method ?? '');
