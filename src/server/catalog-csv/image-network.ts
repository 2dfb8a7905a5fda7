import { lookup } from 'node:dns/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type RemoteResponse = {
  status: number;
  /** A redirect's Location header; null when there is none. */
  location: string | null;
  /** The declared Content-Length; null when the answer declares none. */
  length: number | null;
  body: AsyncIterable<Uint8Array>;
  /** Stops reading: a redirect's body, or an answer that is refused. */
  close(): void;
};

/**
 * How image fetches reach the network (decision 090): name resolution, and a GET of a URL from an
 * address the fetcher has already checked. The fetcher (./image-fetch.ts) takes it as a parameter
 * so that tests can put a local server in the CDN's place; the app always uses `internetNetwork`,
 * and neither the environment nor a request can choose another.
 */
export type ImageNetwork = {
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  get(url: URL, address: ResolvedAddress, signal: AbortSignal): Promise<RemoteResponse>;
};

export const internetNetwork: ImageNetwork = {
  async resolve(hostname) {
    const found = await lookup(hostname, { all: true, verbatim: true });
    return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  },

  get(url, address, signal) {
    // The socket goes to the checked address and nowhere else: no second resolution that DNS
    // rebinding could answer differently. TLS still checks the certificate against the URL's host.
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [address]);
      else callback(null, address.address, address.family);
    };
    return new Promise((resolve, reject) => {
      const request = https.request(url, {
        method: 'GET',
        lookup: pinned,
        agent: false,
        signal,
        headers: {
          accept: 'image/*',
          'accept-encoding': 'identity',
          'user-agent': 'cardshop-catalogue-import',
        },
      });
      request.once('response', (response) => {
        const declared = response.headers['content-length'];
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
          length: declared === undefined || !/^\d+$/.test(declared) ? null : Number(declared),
          body: response,
          close: () => response.destroy(),
        });
      });
      request.once('error', reject);
      request.end();
    });
  },
};
