import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from '../../../src/server/serving/static-files.ts';

const page = `<!doctype html><title>About</title>${'<p>Συλλεκτικές κάρτες</p>'.repeat(200)}`;
let dir: string;
let base: string;
let server: http.Server;

/** A server that answers from the build's files, and 418 for whatever they leave to the app. */
async function listen(maxBytes?: number) {
  const files = createStaticFiles(path.join(dir, 'client'), maxBytes);
  server = http.createServer((req, res) => {
    if (!files.serve(req, res)) res.writeHead(418).end('app');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw GET, so the test sees the bytes and headers as they were sent (fetch would unzip). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(`${base}${url}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      request.end();
    },
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  const client = path.join(dir, 'client');
  fs.mkdirSync(path.join(client, 'about-us'), { recursive: true });
  fs.mkdirSync(path.join(client, '_astro'), { recursive: true });
  fs.mkdirSync(path.join(client, 'player', 'Brighton & Hove'), { recursive: true });
  fs.writeFileSync(path.join(client, 'index.html'), '<!doctype html><title>Home</title>');
  fs.writeFileSync(path.join(client, 'about-us', 'index.html'), page);
  fs.writeFileSync(path.join(client, 'player', 'Brighton & Hove', 'index.html'), '<!doctype html>player');
  fs.writeFileSync(path.join(client, '_astro', 'app.abc123.js'), `console.log(1);${' '.repeat(2000)}`);
  fs.writeFileSync(path.join(client, '.secret'), 'no');
  fs.writeFileSync(path.join(dir, 'outside.txt'), 'no');
  await listen();
});

afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('pre-rendered files from memory', () => {
  it('serves a page folder by its URL, and / by the root index', async () => {
    const about = await get('/about-us');
    expect(about.status).toBe(200);
    expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(about.body.toString()).toBe(page);
    expect(about.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get('/')).body.toString()).toContain('<title>Home</title>');
    expect((await get('/about-us?utm_source=x')).status).toBe(200);
    expect((await get('/player/Brighton%20%26%20Hove')).body.toString()).toContain('player');
  });

  it('sends gzip to clients that take it, with its own ETag, and the same bytes unzipped', async () => {
    const plain = await get('/about-us');
    const zipped = await get('/about-us', { 'accept-encoding': 'br, gzip;q=0.8' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 5);
    expect(gunzipSync(zipped.body).toString()).toBe(page);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect(
      (await get('/about-us', { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('answers 304 to a repeat visit that holds the same version', async () => {
    const first = await get('/about-us', { 'accept-encoding': 'gzip' });
    const again = await get('/about-us', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get('/about-us', { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  it('marks hashed bundles immutable and answers HEAD without a body', async () => {
    const bundle = await get('/_astro/app.abc123.js', {}, 'HEAD');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.body.length).toBe(0);
  });

  it('leaves to the app what is not a file: routes, API, traversal, dot files, malformed escapes', async () => {
    for (const url of [
      '/product/gid%3A%2F%2Fshop%2FProductVariant%2F1',
      '/api/health',
      '/nope',
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/.secret',
      '/%E0%A4%A',
      '/about-us%00',
    ])
      expect((await get(url)).status, url).toBe(418);
  });

  it('keeps serving when the files are more than its memory bound holds', async () => {
    server.close();
    await listen(1024);
    for (let round = 0; round < 3; round += 1) {
      expect((await get('/about-us')).body.toString()).toBe(page);
      expect((await get('/_astro/app.abc123.js')).status).toBe(200);
    }
  });
});
