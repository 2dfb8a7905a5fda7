import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerFor, createPageCache, sharedPageCache } from '../../../src/server/cache/page-cache.ts';

const html = (text: string, init: ResponseInit = {}) =>
  new Response(`<!doctype html><p>${text}</p>`, {
    status: 200,
    ...init,
    headers: {
      'content-type': 'text/html',
      'content-security-policy': "default-src 'self'",
      ...init.headers,
    },
  });
const request = (headers: Record<string, string> = {}) =>
  new Request('http://shop.test/product/1', { headers });

describe('the page cache', () => {
  it('renders a key once and answers later requests from memory, headers kept', async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => html(`render ${++renders}`);
    const first = await cache.respond('v1:/product/1', request(), render);
    const second = await cache.respond('v1:/product/1', request(), render);
    expect(renders).toBe(1);
    expect(await first.text()).toBe('<!doctype html><p>render 1</p>');
    expect(await second.text()).toBe('<!doctype html><p>render 1</p>');
    expect(second.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('keeps pages gzipped only, so a cycle of large pages fits where plain copies would not', async () => {
    // Ten pages of 100 KB that gzip well, as product pages do, in a cache of 400 KB.
    const cache = createPageCache(400 * 1024);
    let renders = 0;
    const render = (id: number) => async () => {
      renders++;
      return html(`product ${id} ${'<div class="card">a card of the row</div>'.repeat(2_500)}`);
    };
    for (let round = 0; round < 2; round++)
      for (let id = 0; id < 10; id++) await cache.respond(`v1:/product/${id}`, request(), render(id));
    expect(renders).toBe(10);
    // A client that takes no gzip gets the page as rendered.
    const plain = await cache.respond('v1:/product/3', request(), render(3));
    expect(await plain.text()).toMatch(/^<!doctype html><p>product 3 <div class="card">/);
    expect(renders).toBe(10);
  });

  it('renders again for a new key: an edit or a sale makes the next request see the change', async () => {
    const cache = createPageCache();
    let stock = 3;
    const render = async () => html(`stock ${stock}`);
    expect(await (await cache.respond(`v1:${stock}`, request(), render)).text()).toContain('stock 3');
    stock = 2;
    expect(await (await cache.respond(`v1:${stock}`, request(), render)).text()).toContain('stock 2');
  });

  it('renders once for requests that arrive together', async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return html('slow');
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.respond('k', request(), render)));
    expect(renders).toBe(1);
    for (const answer of answers) expect(await answer.text()).toContain('slow');
  });

  it('sends gzip when asked, and 304 to a client that holds the page', async () => {
    const cache = createPageCache();
    const render = async () => html('zipped');
    const zipped = await cache.respond('k', request({ 'accept-encoding': 'gzip, br' }), render);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toContain('zipped');
    const etag = zipped.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    const again = await cache.respond('k', request({ 'if-none-match': etag }), render);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('never keeps an answer that is one visitor’s own, marked no-store, or not a page or JSON', async () => {
    const cache = createPageCache();
    let renders = 0;
    const withCookie = async () => html(`cookie ${++renders}`, { headers: { 'set-cookie': 'a=b' } });
    await cache.respond('cookie', request(), withCookie);
    expect(await (await cache.respond('cookie', request(), withCookie)).text()).toContain('cookie 2');
    const failing = async () =>
      new Response('down', { status: 503, headers: { 'content-type': 'text/html' } });
    expect((await cache.respond('down', request(), failing)).status).toBe(503);
    let stored = 0;
    const noStore = async () => Response.json({ n: ++stored }, { headers: { 'cache-control': 'no-store' } });
    await cache.respond('no-store', request(), noStore);
    expect(await (await cache.respond('no-store', request(), noStore)).json()).toEqual({ n: 2 });
    let image = 0;
    const png = async () => new Response(`png ${++image}`, { headers: { 'content-type': 'image/png' } });
    await cache.respond('png', request(), png);
    expect(await (await cache.respond('png', request(), png)).text()).toBe('png 2');
  });

  it('keeps a public JSON answer, such as a catalogue query, like a page', async () => {
    const cache = createPageCache();
    let renders = 0;
    const api = async () =>
      Response.json({ n: ++renders }, { headers: { 'cache-control': 'public, max-age=0, must-revalidate' } });
    await cache.respond('json', request(), api);
    const again = await cache.respond('json', request(), api);
    expect(await again.json()).toEqual({ n: 1 });
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(again.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('hands the server’s edge the cached page, sent alike: 304, gzip, plain, and HEAD without a body', async () => {
    const cache = createPageCache();
    expect(cache.find('k')).toBeUndefined();
    await cache.respond('k', request(), async () => html('edge'));
    const page = cache.find('k');
    if (!page) throw new Error('the page was not kept');
    // Kept for long, the gzip holds only its own bytes, not the 64 KB block zlib wrote it into.
    expect(page.gzip.buffer.byteLength).toBe(page.gzip.length);
    const plain = answerFor(page, { method: 'GET', ifNoneMatch: undefined, acceptEncoding: undefined });
    expect(plain.status).toBe(200);
    expect(plain.body?.toString()).toBe('<!doctype html><p>edge</p>');
    const headers = new Map(plain.headers);
    expect(headers.get('content-length')).toBe(String(plain.body?.length));
    expect(headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(headers.get('content-security-policy')).toBe("default-src 'self'");
    const zipped = answerFor(page, { method: 'GET', ifNoneMatch: null, acceptEncoding: 'gzip' });
    expect(new Map(zipped.headers).get('content-encoding')).toBe('gzip');
    expect(gunzipSync(zipped.body ?? Buffer.alloc(0)).toString()).toContain('edge');
    const etag = headers.get('etag');
    const held = answerFor(page, { method: 'GET', ifNoneMatch: etag, acceptEncoding: 'gzip' });
    expect(held).toMatchObject({ status: 304, body: null });
    const head = answerFor(page, { method: 'HEAD', ifNoneMatch: null, acceptEncoding: null });
    expect(head.body).toBeNull();
    expect(new Map(head.headers).get('content-length')).toBe(String(plain.body?.length));
  });

  it('tells of each page it keeps, and takes in pages another process kept without rendering them', async () => {
    const rendered = createPageCache();
    const told: string[] = [];
    rendered.onCached((key) => told.push(key));
    await rendered.respond('shared', request(), async () => html('once'));
    await rendered.respond('shared', request(), async () => html('again'));
    await rendered.respond('cookie', request(), async () =>
      html('own', { headers: { 'set-cookie': 'a=b' } }),
    );
    expect(told).toEqual(['shared']);

    const other = createPageCache();
    const page = rendered.find('shared');
    if (!page) throw new Error('the page was not kept');
    other.adopt('shared', page);
    let renders = 0;
    const answer = await other.respond('shared', request(), async () => html(`render ${++renders}`));
    expect(renders).toBe(0);
    expect(await answer.text()).toBe('<!doctype html><p>once</p>');
    // A page it holds already stays: the newer arrival for the same key shows the same content.
    other.adopt('shared', { ...page, etag: '"other"' });
    expect(other.find('shared')?.etag).toBe(page.etag);
  });

  it('is one cache per process, whichever copy of the module asks', () => {
    expect(sharedPageCache()).toBe(sharedPageCache());
  });

  it('keeps a 404 page too, for a product that does not exist', async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => html(`missing ${++renders}`, { status: 404 });
    await cache.respond('gone', request(), render);
    const again = await cache.respond('gone', request(), render);
    expect(again.status).toBe(404);
    expect(renders).toBe(1);
  });
});
