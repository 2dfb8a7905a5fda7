import net from 'node:net';
import { OFF_SITE_PATHS } from '../tests/fixtures/off-site-paths.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Sends a request line exactly as written: a browser or fetch would turn `\` into `/` and
 * collapse the path before it left, which is not what an attacker's link does to other clients.
 */
function rawGet(port: number, target: string): Promise<{ status: number; location: string | null }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const head = answer.split('\r\n\r\n', 1)[0] ?? '';
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const location = /\r\nlocation: ([^\r\n]*)/i.exec(head)?.[1] ?? null;
      resolve({ status, location });
    });
  });
}

test('no path redirects to another host: slashes, backslashes, their encodings and mixes', async ({
  baseURL,
}) => {
  const port = Number(new URL(baseURL ?? '').port);
  const site = new URL(baseURL ?? '').origin;
  for (const target of OFF_SITE_PATHS) {
    const { status, location } = await rawGet(port, target);
    expect(status, target).not.toBe(0);
    expect(status, target).toBeLessThan(500);
    if (status >= 300 && status < 400) {
      expect(location, target).not.toBeNull();
      expect(new URL(location ?? '', `${site}/x`).origin, `${target} -> ${location}`).toBe(site);
    }
  }
});
