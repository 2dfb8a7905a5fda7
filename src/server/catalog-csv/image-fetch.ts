import {
  REMOTE_IMAGE_LIMITS,
  REMOTE_IMAGE_MESSAGES,
  remoteImageUrl,
} from '../../domain/catalog-csv/remote-images.ts';
import {
  type ImageNetwork,
  internetNetwork,
  type RemoteResponse,
  type ResolvedAddress,
} from './image-network.ts';
import { isPublicAddress } from './public-address.ts';

/** The bytes of one image, or why there are none (in Greek); never thrown. */
export type FetchedImage = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };
export type ImageFetcher = (url: string) => Promise<FetchedImage>;

export type ImageFetcherOptions = {
  /** The owner's list of image hosts (settings `csv.imageHosts`). */
  hosts: readonly string[];
  /** Tests only: a local server in the CDN's place. */
  network?: ImageNetwork | undefined;
  /** Tests only: a shorter time limit. */
  limits?: { timeoutMs?: number; maxBytes?: number };
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches catalogue images from other hosts without letting a file reach the shop's own network
 * (server-side request forgery, decision 090). Every URL, and every redirect's target again, must
 * be https on a host of the owner's list; the host name is resolved here and every address it has
 * must be public (./public-address.ts), and the connection goes to that checked address (no second
 * lookup for DNS rebinding to answer). At most 3 redirects, 15 s and the upload limit per image.
 * What the bytes are is left to the media port, which checks them by content as it does uploads.
 */
export function guardedImageFetcher({
  hosts,
  network = internetNetwork,
  limits = {},
}: ImageFetcherOptions): ImageFetcher {
  const { timeoutMs, maxBytes } = { ...REMOTE_IMAGE_LIMITS, ...limits };
  const refuse = (reason: string): FetchedImage => ({ ok: false, reason });

  async function fetchChecked(first: string, signal: AbortSignal): Promise<FetchedImage> {
    let target = first;
    for (let redirects = 0; ; redirects += 1) {
      const checked = remoteImageUrl(target, hosts);
      if (!checked.ok) return refuse(checked.reason);
      const { url } = checked;
      const host = url.hostname.replace(/\.$/, '');
      let addresses: ResolvedAddress[];
      try {
        addresses = await untilAborted(network.resolve(host), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        return refuse(REMOTE_IMAGE_MESSAGES.hostNotFound(host));
      }
      const [address] = addresses;
      if (!address) return refuse(REMOTE_IMAGE_MESSAGES.hostNotFound(host));
      if (!addresses.every((candidate) => isPublicAddress(candidate.address)))
        return refuse(REMOTE_IMAGE_MESSAGES.privateAddress(host));

      const response = await untilAborted(network.get(url, address, signal), signal);
      if (REDIRECTS.has(response.status) && response.location !== null) {
        response.close();
        if (redirects >= REMOTE_IMAGE_LIMITS.maxRedirects)
          return refuse(REMOTE_IMAGE_MESSAGES.tooManyRedirects);
        try {
          target = new URL(response.location, url).href;
        } catch {
          return refuse(REMOTE_IMAGE_MESSAGES.notUrl);
        }
        continue;
      }
      if (response.status !== 200) {
        response.close();
        return refuse(REMOTE_IMAGE_MESSAGES.status(response.status));
      }
      const bytes = await readAtMost(response, maxBytes);
      return bytes ? { ok: true, bytes } : refuse(REMOTE_IMAGE_MESSAGES.tooLarge);
    }
  }

  return async (url) => {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await fetchChecked(url, signal);
    } catch {
      return refuse(signal.aborted ? REMOTE_IMAGE_MESSAGES.timeout : REMOTE_IMAGE_MESSAGES.network);
    }
  };
}

/** The body, or null as soon as it is (or says it will be) longer than `maxBytes`. */
async function readAtMost(response: RemoteResponse, maxBytes: number): Promise<Uint8Array | null> {
  if (response.length !== null && response.length > maxBytes) {
    response.close();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.close();
      return null;
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** `promise`, or a rejection when `signal` aborts first (a name lookup cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
