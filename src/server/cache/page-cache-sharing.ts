import { CACHED_PAGE, isCachedPageMessage } from '../serving/worker-messages.ts';
import type { CachedPage, PageCache } from './page-cache.ts';

/**
 * A worker's side of sharing rendered pages (decision 054): each page it keeps goes to the main
 * process, which hands it to the other workers of the same build, and each page they cached is
 * taken in. A product page is then rendered once per content version, not once per worker.
 */
export function sharePageCache(cache: PageCache): void {
  cache.onCached((key, page) => {
    if (process.connected) process.send?.({ type: CACHED_PAGE, key, page });
  });
  process.on('message', (message) => {
    if (isCachedPageMessage(message)) cache.adopt(message.key, asBuffers(message.page));
  });
}

/** The page as received: the structured clone may hand its body over as a plain Uint8Array. */
function asBuffers(page: CachedPage): CachedPage {
  const buffer = (bytes: Uint8Array) =>
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { ...page, gzip: buffer(page.gzip) };
}
