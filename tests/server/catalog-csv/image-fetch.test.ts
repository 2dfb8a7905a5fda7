import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_IMAGE_MESSAGES } from '../../../src/domain/catalog-csv/remote-images.ts';
import { guardedImageFetcher } from '../../../src/server/catalog-csv/image-fetch.ts';
import { type ImageNetwork, internetNetwork } from '../../../src/server/catalog-csv/image-network.ts';
import { type CdnRoute, type ImageCdn, PUBLIC_ADDRESS, startImageCdn } from '../../doubles/image-cdn.ts';

const CDN = 'cdn.shopify.com';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const cdns: ImageCdn[] = [];
afterEach(async () => {
  for (const cdn of cdns.splice(0)) await cdn.close();
});
async function cdn(routes: Record<string, CdnRoute>, dns: Parameters<typeof startImageCdn>[1] = {}) {
  const started = await startImageCdn(routes, { [CDN]: [PUBLIC_ADDRESS], ...dns });
  cdns.push(started);
  return started;
}

const redirect = (location: string): CdnRoute => ({ status: 302, headers: { location } });

describe('outside the seam: the real network refuses what resolves to a private or local address', () => {
  /** The real network, with name resolution answered by the test: nothing is ever dialled. */
  function resolvingTo(addresses: string[]): { network: ImageNetwork; get: ReturnType<typeof vi.fn> } {
    const get = vi.fn(internetNetwork.get);
    return {
      network: {
        resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        get,
      },
      get,
    };
  }

  it.each([
    ['loopback', ['127.0.0.1']],
    ['private 10/8', ['10.0.0.5']],
    ['private 172.16/12', ['172.20.1.1']],
    ['private 192.168/16', ['192.168.1.10']],
    ['IPv6 loopback', ['::1']],
    ['link-local (cloud metadata)', ['169.254.169.254']],
    ['carrier-grade NAT', ['100.64.0.1']],
    ['unspecified', ['0.0.0.0']],
    ['multicast', ['224.0.0.1']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['IPv4-mapped private', ['::ffff:10.0.0.1']],
    ['IPv6 unique-local', ['fd00::1']],
    ['IPv6 link-local', ['fe80::1']],
    ['one public and one private address', [PUBLIC_ADDRESS, '10.0.0.5']],
  ])('%s', async (_, addresses) => {
    const { network, get } = resolvingTo(addresses);
    const fetchImage = guardedImageFetcher({ hosts: [CDN], network });
    expect(await fetchImage(`https://${CDN}/s/files/card.png`)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.privateAddress(CDN),
    });
    expect(get).not.toHaveBeenCalled();
  });

  it('a real host name that resolves to loopback (localhost), through the real resolver', async () => {
    const fetchImage = guardedImageFetcher({ hosts: ['localhost'] });
    expect(await fetchImage('https://localhost/latest/meta-data/card.png')).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.privateAddress('localhost'),
    });
  });

  it('connects to the address it checked, not to a second lookup of the name (DNS rebinding)', async () => {
    const connections: net.Socket[] = [];
    const server = net.createServer((socket) => {
      connections.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      // No name server here knows cdn.shopify.com: only the pinned address can be reached.
      const answer = internetNetwork.get(
        new URL(`https://${CDN}:${port}/card.png`),
        { address: '127.0.0.1', family: 4 },
        AbortSignal.timeout(5_000),
      );
      await expect(answer).rejects.toThrow();
      expect(connections).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});

describe('what a URL must be, checked before any lookup', () => {
  it.each([
    ['http', `http://${CDN}/card.png`, REMOTE_IMAGE_MESSAGES.notHttps],
    ['another port', `https://${CDN}:8443/card.png`, REMOTE_IMAGE_MESSAGES.notHttps],
    ['a user name', `https://user:pass@${CDN}/card.png`, REMOTE_IMAGE_MESSAGES.notHttps],
    [
      'a host off the list',
      'https://evil.example/card.png',
      REMOTE_IMAGE_MESSAGES.hostNotAllowed('evil.example'),
    ],
    [
      'a look-alike host',
      `https://${CDN}.evil.example/card.png`,
      REMOTE_IMAGE_MESSAGES.hostNotAllowed(`${CDN}.evil.example`),
    ],
    ['an IP address', 'https://127.0.0.1/card.png', REMOTE_IMAGE_MESSAGES.hostNotAllowed('127.0.0.1')],
    ['not a URL', 'card.png', REMOTE_IMAGE_MESSAGES.notUrl],
  ])('%s is refused', async (_, url, reason) => {
    const double = await cdn({});
    const fetchImage = guardedImageFetcher({ hosts: [CDN], network: double.network });
    expect(await fetchImage(url)).toEqual({ ok: false, reason });
    expect(double.lookups.size).toBe(0);
  });
});

describe('through the seam: redirects, limits and answers', () => {
  it('fetches an image, host names compared without case', async () => {
    const double = await cdn({ [`${CDN}/s/card.png?v=1`]: { body: PNG } });
    const fetchImage = guardedImageFetcher({ hosts: ['CDN.Shopify.com'], network: double.network });
    expect(await fetchImage(`https://${CDN}/s/card.png?v=1`)).toEqual({ ok: true, bytes: PNG });
    expect(double.gets).toEqual([{ url: `https://${CDN}/s/card.png?v=1`, address: PUBLIC_ADDRESS }]);
  });

  it('follows up to 3 redirects, each checked again; a 4th is refused', async () => {
    const routes: Record<string, CdnRoute> = {
      [`${CDN}/a`]: redirect('/b'),
      [`${CDN}/b`]: redirect(`https://${CDN}/c`),
      [`${CDN}/c`]: redirect('/d'),
      [`${CDN}/d`]: { body: PNG },
      [`${CDN}/e`]: redirect('/a'),
    };
    const double = await cdn(routes);
    const fetchImage = guardedImageFetcher({ hosts: [CDN], network: double.network });
    expect(await fetchImage(`https://${CDN}/a`)).toEqual({ ok: true, bytes: PNG });
    expect(double.lookups.get(CDN)).toBe(4);
    expect(await fetchImage(`https://${CDN}/e`)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.tooManyRedirects,
    });
  });

  it('refuses a redirect to a private address, to http, or to a host off the list', async () => {
    const double = await cdn(
      {
        [`${CDN}/to-private`]: redirect('https://images.example/card.png'),
        [`${CDN}/to-http`]: redirect(`http://${CDN}/card.png`),
        [`${CDN}/to-metadata`]: redirect('https://169.254.169.254/latest/meta-data/'),
        'images.example/card.png': { body: PNG },
      },
      { 'images.example': ['10.0.0.7'] },
    );
    const fetchImage = guardedImageFetcher({ hosts: [CDN, 'images.example'], network: double.network });
    expect(await fetchImage(`https://${CDN}/to-private`)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.privateAddress('images.example'),
    });
    expect(await fetchImage(`https://${CDN}/to-http`)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.notHttps,
    });
    expect(await fetchImage(`https://${CDN}/to-metadata`)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.hostNotAllowed('169.254.169.254'),
    });
    expect(double.gets.map((get) => new URL(get.url).pathname)).toEqual([
      '/to-private',
      '/to-http',
      '/to-metadata',
    ]);
  });

  it('refuses a redirect to the same host once its name resolves to loopback (DNS rebinding)', async () => {
    const double = await cdn(
      { [`${CDN}/a`]: redirect('/b'), [`${CDN}/b`]: { body: PNG } },
      { [CDN]: (lookup) => (lookup === 1 ? [PUBLIC_ADDRESS] : ['127.0.0.1']) },
    );
    const fetchImage = guardedImageFetcher({ hosts: [CDN], network: double.network });
    expect(await fetchImage(`https://${CDN}/a`)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.privateAddress(CDN),
    });
    expect(double.gets).toHaveLength(1);
  });

  it('refuses what is larger than the limit, declared or streamed', async () => {
    const big = new Uint8Array(2_000);
    const double = await cdn({
      [`${CDN}/declared`]: { body: big },
      [`${CDN}/streamed`]: (_, response) => {
        response.writeHead(200);
        response.write(big);
        response.end(big);
      },
      [`${CDN}/fits`]: { body: big.slice(0, 1_000) },
    });
    const fetchImage = guardedImageFetcher({
      hosts: [CDN],
      network: double.network,
      limits: { maxBytes: 1_500 },
    });
    const tooLarge = { ok: false, reason: REMOTE_IMAGE_MESSAGES.tooLarge };
    expect(await fetchImage(`https://${CDN}/declared`)).toEqual(tooLarge);
    expect(await fetchImage(`https://${CDN}/streamed`)).toEqual(tooLarge);
    expect(await fetchImage(`https://${CDN}/fits`)).toMatchObject({ ok: true });
  });

  it('says which status a host answered, that a name was not found, or that it took too long', async () => {
    const double = await cdn({
      [`${CDN}/slow`]: (_, response) => {
        response.writeHead(200);
        response.write(PNG.slice(0, 4));
      },
    });
    const fetchImage = guardedImageFetcher({
      hosts: [CDN, 'gone.example'],
      network: double.network,
      limits: { timeoutMs: 300 },
    });
    expect(await fetchImage(`https://${CDN}/missing.png`)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.status(404),
    });
    expect(await fetchImage('https://gone.example/card.png')).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.hostNotFound('gone.example'),
    });
    expect(await fetchImage(`https://${CDN}/slow`)).toEqual({
      ok: false,
      reason: REMOTE_IMAGE_MESSAGES.timeout,
    });
  });
});
