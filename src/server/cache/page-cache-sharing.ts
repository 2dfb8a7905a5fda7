import { isKeptPageMessage, KEPT_PAGE } from '../serving/worker-messages.ts';
import type { KeptPage, PageCache } from './page-cache.ts';

/**
 * A worker's side of sharing rendered pages (decision 054): each page it keeps goes to the main
 * process, which hands it to the other workers of the same build, and each page they kept is
 * taken in. A product page is then rendered once per content stamp, not once per worker.
 */
export function shareKeptPages(cache: PageCache): void {
  cache.onKept((key, page) => {
    if (process.connected) process.send?.({ type: KEPT_PAGE, key, page });
  });
  process.on('message', (message) => {
    if (isKeptPageMessage(message)) cache.adopt(message.key, asBuffers(message.page));
  });
}

/** The page as received: the structured clone may hand its bodies over as plain Uint8Arrays. */
function asBuffers(page: KeptPage): KeptPage {
  const buffer = (bytes: Uint8Array) =>
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { ...page, body: buffer(page.body), gzip: buffer(page.gzip) };
}
