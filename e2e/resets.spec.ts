import net from 'node:net';
import { retryingResets } from './fixtures/resets.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * A server that resets the first connection as its request arrives, the way a kept-alive
 * connection fails when the shop ends it just as a request goes out, and answers every later one.
 */
async function resettingOnce(): Promise<{ url: string; requests: () => number; close: () => void }> {
  let requests = 0;
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      requests += 1;
      if (requests === 1) socket.resetAndDestroy();
      else socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, requests: () => requests, close: () => server.close() };
}

test('an API request whose connection resets is sent again, as a browser would', async ({ playwright }) => {
  const plain = await playwright.request.newContext();
  const fixed = retryingResets(await playwright.request.newContext());
  const first = await resettingOnce();
  const second = await resettingOnce();
  try {
    await expect(plain.post(first.url, { data: { a: 1 } })).rejects.toThrow(/ECONNRESET/);
    const answer = await fixed.post(second.url, { data: { a: 1 } });
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toBe('ok');
    expect(second.requests()).toBe(2);
  } finally {
    first.close();
    second.close();
    await plain.dispose();
    await fixed.dispose();
  }
});

test('the request fixture and page.request send again after a reset', async ({ request, page }) => {
  for (const client of [request, page.request]) {
    const server = await resettingOnce();
    try {
      expect((await client.get(server.url)).status()).toBe(200);
      expect(server.requests()).toBe(2);
    } finally {
      server.close();
    }
  }
});
