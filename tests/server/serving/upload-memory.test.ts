import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UPLOADS_BUSY } from '../../../src/server/media/upload-slots.ts';
import { prepareDataDir, type ShopServer, startServer } from '../../helpers/shop-server.ts';

/**
 * Issue 27: 20 parallel 18 MB uploads by one admin took a worker from about 120 MB to 669 MB.
 * With the cap on uploads in flight (src/server/media/upload-slots.ts), the server's processes together
 * must stay within 300 MB of what they held before.
 */
const EMAIL = 'owner@example.gr';
const PASSWORD = 'correct horse battery staple';
const MB = 1024 * 1024;
let server: ShopServer;

beforeAll(async () => {
  server = await startServer(await prepareDataDir(), { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD });
}, 240_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
});

/** The server's main process and its children, each one's resident memory summed. */
function serverRss(): number {
  const root = server.process.pid ?? 0;
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      if (Number(entry) !== root && ppid !== root) continue;
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // Gone while we looked.
    }
  }
  return total;
}

it('20 parallel 18 MB uploads by one admin: memory stays within 300 MB of its baseline', async () => {
  const side = 3600;
  const image = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
  expect(image.byteLength).toBeGreaterThan(17 * MB);
  expect(image.byteLength).toBeLessThan(20 * MB);

  const signIn = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';', 1)[0])
    .join('; ');

  const baseline = serverRss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, serverRss());
  }, 20);
  const answers = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const form = new FormData();
      form.append('file', new Blob([image], { type: 'image/jpeg' }), 'noise.jpg');
      const response = await fetch(`${server.url}/api/admin/media`, {
        method: 'POST',
        headers: { origin: server.url, cookie },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, serverRss());

  const stored = answers.filter((answer) => answer.status === 201).length;
  const busy = answers.filter((answer) => answer.status === 429);
  console.info(
    `uploads: ${stored} stored, ${busy.length} asked to try again; server RSS ${Math.round(baseline / MB)} MB -> peak ${Math.round(peak / MB)} MB`,
  );
  expect(stored + busy.length).toBe(20);
  expect(stored).toBeGreaterThanOrEqual(2);
  for (const answer of busy) expect(answer.body.error?.message).toBe(UPLOADS_BUSY);
  expect(peak - baseline).toBeLessThan(300 * MB);
}, 180_000);
