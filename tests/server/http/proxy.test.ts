import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type Client, forwardedClient, presentClient, socketClient } from '../../../src/server/http/proxy.ts';

const SOCKET: Client = { ip: '10.0.0.5', protocol: 'http' };

describe('forwardedClient', () => {
  it('ignores X-Forwarded-* unless a proxy is trusted (TRUST_PROXY off)', () => {
    const headers = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };
    expect(forwardedClient(headers, SOCKET, 0)).toEqual(SOCKET);
  });

  it('takes the address the trusted proxy added, not one the client wrote before it', () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; the one proxy appended the real peer.
    const headers = { 'x-forwarded-for': '1.1.1.1, 203.0.113.7', 'x-forwarded-proto': 'https' };
    expect(forwardedClient(headers, SOCKET, 1)).toEqual({ ip: '203.0.113.7', protocol: 'https' });
  });

  it('counts hops from the right with two proxies, and joins repeated headers', () => {
    const headers = { 'x-forwarded-for': ['9.9.9.9, 203.0.113.7', '198.51.100.1'] };
    expect(forwardedClient(headers, SOCKET, 2).ip).toBe('203.0.113.7');
    expect(forwardedClient({ 'x-forwarded-for': '203.0.113.7' }, SOCKET, 3).ip).toBe('203.0.113.7');
  });

  it('reads addresses with ports and brackets, and IPv6', () => {
    expect(forwardedClient({ 'x-forwarded-for': '203.0.113.7:5123' }, SOCKET, 1).ip).toBe('203.0.113.7');
    expect(forwardedClient({ 'x-forwarded-for': '[2001:db8::1]:443' }, SOCKET, 1).ip).toBe('2001:db8::1');
    expect(forwardedClient({ 'x-forwarded-for': '2001:db8::2' }, SOCKET, 1).ip).toBe('2001:db8::2');
  });

  it('keeps the socket when the forwarded values are missing or not addresses', () => {
    expect(forwardedClient({}, SOCKET, 1)).toEqual(SOCKET);
    expect(
      forwardedClient({ 'x-forwarded-for': 'unknown', 'x-forwarded-proto': 'gopher' }, SOCKET, 1),
    ).toEqual(SOCKET);
    expect(forwardedClient({ 'x-forwarded-for': '../../etc/passwd' }, SOCKET, 1)).toEqual(SOCKET);
  });
});

describe('presentClient', () => {
  it('shows the forwarded client to whoever reads the request, leaving the shared socket alone', async () => {
    const seen: Array<{ ip: string; encrypted: boolean; socketIp: string | undefined }> = [];
    const server = http.createServer((req, res) => {
      const socket = req.socket;
      presentClient(req, { ip: '203.0.113.7', protocol: 'https' });
      seen.push({
        ip: socketClient(req).ip,
        encrypted: socketClient(req).protocol === 'https',
        socketIp: socket.remoteAddress,
      });
      req.socket.on('close', () => undefined);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('ok');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(seen).toEqual([{ ip: '203.0.113.7', encrypted: true, socketIp: '127.0.0.1' }]);
  });
});
