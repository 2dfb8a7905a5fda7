import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ImageNetwork,
  RemoteResponse,
  ResolvedAddress,
} from '../../src/server/catalog-csv/image-network.ts';

/** What a host's path answers: a status with headers and a body, or a handler of its own. */
export type CdnRoute =
  | { status?: number; headers?: Record<string, string>; body?: Uint8Array | string }
  | ((request: http.IncomingMessage, response: http.ServerResponse) => void);

/**
 * A public address for the names the double resolves: the fetcher checks it like any other and
 * hands it to the double's `get`, which serves every connection itself, so it is never dialled.
 */
export const PUBLIC_ADDRESS = '151.101.2.133';

export type ImageCdn = {
  /** The seam the import takes (`runQueuedCatalogImports(container, { imageNetwork })`). */
  network: ImageNetwork;
  /** Every GET the fetcher made: the URL and the address it connected to. */
  gets: Array<{ url: string; address: string }>;
  /** How many times each name was resolved. */
  lookups: Map<string, number>;
  close(): Promise<void>;
};

/**
 * A local HTTP server in the place of image CDNs (decision 090), for tests only: it answers
 * `https://<host><path>` from `routes` (keyed `host/path?query`), and resolves the names in `dns`
 * (a list, or a function of the how-manieth lookup, for DNS rebinding); any other name is not found.
 */
export async function startImageCdn(
  routes: Record<string, CdnRoute>,
  dns: Record<string, string[] | ((lookup: number) => string[])> = {},
): Promise<ImageCdn> {
  const server = http.createServer((request, response) => {
    const route = routes[`${request.headers.host}${request.url}`];
    if (!route) {
      response.writeHead(404).end('not here');
      return;
    }
    if (typeof route === 'function') {
      route(request, response);
      return;
    }
    response.writeHead(route.status ?? 200, route.headers ?? {});
    response.end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const gets: ImageCdn['gets'] = [];
  const lookups = new Map<string, number>();

  const network: ImageNetwork = {
    async resolve(hostname) {
      const count = (lookups.get(hostname) ?? 0) + 1;
      lookups.set(hostname, count);
      const answer = dns[hostname];
      if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      const addresses = typeof answer === 'function' ? answer(count) : answer;
      return addresses.map(
        (address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }),
      );
    },
    get(url, address, signal) {
      gets.push({ url: url.href, address: address.address });
      return new Promise<RemoteResponse>((resolve, reject) => {
        const request = http.request({
          host: '127.0.0.1',
          port,
          path: `${url.pathname}${url.search}`,
          headers: { host: url.host },
          signal,
        });
        request.once('response', (response) => {
          const declared = response.headers['content-length'];
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            length: declared === undefined ? null : Number(declared),
            body: response,
            close: () => response.destroy(),
          });
        });
        request.once('error', reject);
        request.end();
      });
    },
  };

  return {
    network,
    gets,
    lookups,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
