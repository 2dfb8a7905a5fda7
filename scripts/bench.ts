/**
 * npm run bench: seeds a temporary shop with 10,000 extra products, builds it, serves it and
 * measures the pages with autocannon, then edits the newest product and times until the home
 * page shows it. Env: BENCH_DURATION (s, 10), BENCH_CONNECTIONS (50), BENCH_PRODUCTS (10000),
 * BENCH_PORT (4610, else any free port), BENCH_KEEP=1 keeps the data folder.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Product } from '../src/ports/commerce.ts';
import { type Container, createContainer } from '../src/server/container.ts';
import { parseEnv } from '../src/server/env.ts';
import { readCurrentBuild } from '../src/server/rebuild/current-build.ts';
import { type Child, formatTail, runScript, spawnScript, stopChild } from './bench/child.ts';
import { storefrontJsSizes } from './bench/js-size.ts';
import { type LighthouseRow, lighthouseMobile } from './bench/lighthouse.ts';

const root = path.resolve(import.meta.dirname, '..');
const settings = {
  products: envNumber('BENCH_PRODUCTS', 10_000),
  duration: envNumber('BENCH_DURATION', 10),
  connections: envNumber('BENCH_CONNECTIONS', 50),
  port: envNumber('BENCH_PORT', 4610),
  keep: process.env.BENCH_KEEP === '1',
};
const READY_TIMEOUT_MS = 180_000;
const LIVE_TIMEOUT_MS = 180_000;

type HttpRow = {
  page: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  errors: number;
};
const timings: Record<string, string> = {};
const httpRows: HttpRow[] = [];

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got ${raw})`);
  return value;
}

const seconds = (value: number) => `${value.toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(dataDir: string): Promise<void> {
  console.info(`Seeding ${dataDir} with ${settings.products} extra products…`);
  const took = await runScript(root, 'scripts/seed.ts', ['--products', String(settings.products)], {
    DATA_DIR: dataDir,
  });
  timings.seed = seconds(took);
  console.info(`  seeded in ${timings.seed}`);
}

// The build and the server must agree on the site URL, or the incremental cache never matches.
const SITE_URL = 'http://localhost:4321';

const STOREFRONT_PAGES = [
  '/',
  '/singles',
  '/mystery-packs',
  '/LOT',
  '/offers',
  '/about-us',
  '/contact-us',
  '/cart',
  '/checkout',
];
const lighthouseRows: LighthouseRow[] = [];
const jsRows: Array<{ page: string; files: number; 'JS gzip KB': string }> = [];

/** The JavaScript each storefront page loads, from the build the server serves. */
function measureJs(dataDir: string): void {
  const current = readCurrentBuild(dataDir);
  if (!current) return;
  for (const row of storefrontJsSizes(current.outputDir, STOREFRONT_PAGES)) {
    jsRows.push({ page: row.page, files: row.files, 'JS gzip KB': (row.gzipBytes / 1024).toFixed(1) });
  }
}

async function build(dataDir: string): Promise<void> {
  console.info('Full build (scripts/rebuild.ts)…');
  const took = await runScript(root, 'scripts/rebuild.ts', [], { DATA_DIR: dataDir, SITE_URL });
  timings['full build'] = seconds(took);
  console.info(`  built in ${timings['full build']}`);
  measureJs(dataDir);
}

/** A port nobody listens on: the preferred one when free, else one the system picks. */
async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

async function startServer(dataDir: string, port: number): Promise<Child> {
  console.info(`Starting the server on port ${port}…`);
  const started = performance.now();
  const server = spawnScript(root, 'scripts/start.ts', [], {
    DATA_DIR: dataDir,
    SITE_URL,
    PORT: String(port),
    HOST: '127.0.0.1',
    REBUILD_DEBOUNCE_MS: '200',
  });
  await waitFor(server, `http://127.0.0.1:${port}/api/health`, () => true, READY_TIMEOUT_MS);
  timings['server ready'] = seconds((performance.now() - started) / 1000);
  console.info(`  ready in ${timings['server ready']}`);
  return server;
}

/** Polls `url` until it answers 200 with a body `accept` likes; fails early if the server exits. */
async function waitFor(server: Child, url: string, accept: (body: string) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.done) throw new Error(`The server exited (${await server.exited}) while waiting for ${url}.`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = await response.text();
      if (response.status === 200 && accept(body)) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${url} (last: ${last}).`);
}

async function measure(base: string, label: string, pathname: string): Promise<void> {
  console.info(`Measuring ${label} (${settings.duration} s, ${settings.connections} connections)…`);
  recordRow(
    label,
    await autocannon({
      url: base + pathname,
      connections: settings.connections,
      duration: settings.duration,
    }),
  );
}

const BUYERS = 20;
const SHOPPING_REQUESTS = 2_000;

function recordRow(label: string, result: Awaited<ReturnType<typeof autocannon>>): void {
  const row: HttpRow = {
    page: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
  httpRows.push(row);
  console.info(
    `  ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, non-2xx ${row['non-2xx']}`,
  );
}

/**
 * Cart adds and order placements by 20 concurrent buyers: each add creates a cart (the first add
 * of a new visitor); each order takes one of 2,000 carts prepared through the port.
 */
async function measureShopping(base: string, container: Container): Promise<void> {
  const { product } = await container.commerce.createProduct({
    title: 'Bench Shopping Card',
    priceCents: 800,
    quantity: 1_000_000,
    productType: 'Card',
  });
  const json = { 'content-type': 'application/json' };
  console.info(`Measuring cart add (${SHOPPING_REQUESTS} requests, ${BUYERS} buyers)…`);
  recordRow(
    'POST /api/cart/lines',
    await autocannon({
      url: `${base}/api/cart/lines`,
      connections: BUYERS,
      amount: SHOPPING_REQUESTS,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ merchandiseId: product.variantId, quantity: 1 }),
    }),
  );

  const carts: string[] = [];
  for (let i = 0; i < SHOPPING_REQUESTS; i++) {
    carts.push(
      (await container.carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }])).id,
    );
  }
  let next = 0;
  const form = {
    name: 'Bench Buyer',
    email: 'bench@example.com',
    phone: '6912345678',
    delivery: { method: 'pickup' },
    payment: 'bank_transfer',
  };
  console.info(`Measuring order placement (${SHOPPING_REQUESTS} orders, ${BUYERS} buyers)…`);
  recordRow(
    'POST /api/orders',
    await autocannon({
      url: `${base}/api/orders`,
      connections: BUYERS,
      amount: SHOPPING_REQUESTS,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const index = next++;
            return {
              ...request,
              headers: { ...json, cookie: `shop_cart=${carts[index % carts.length]}` },
              body: JSON.stringify({
                ...form,
                idempotencyKey: `bench-order-${String(index).padStart(8, '0')}`,
              }),
            };
          },
        },
      ],
    }),
  );
}

/** What Astro writes for `{text}` in a template (html-escaper's five characters). */
function escapeHtml(text: string): string {
  const entities: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
  };
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/** Renames the product through the port, as the admin would, and waits until the home page shows it. */
async function editAndWait(
  server: Child,
  base: string,
  container: Container,
  product: Product,
): Promise<void> {
  const title = `${product.title} (edited)`;
  console.info(`Editing "${product.title}" and waiting for the home page to show the new title…`);
  await container.commerce.updateProduct(product.id, {
    title,
    descriptionHtml: product.descriptionHtml,
    tags: product.tags,
    productType: product.productType,
    priceCents: product.priceCents ?? 0,
    quantity: product.available ?? 0,
    mediaIds: product.images.map((image) => image.id),
  });
  const edited = performance.now();
  const wanted = [escapeHtml(title), title];
  await waitFor(server, `${base}/`, (html) => wanted.some((text) => html.includes(text)), LIVE_TIMEOUT_MS);
  timings['edit → live on home'] = seconds((performance.now() - edited) / 1000);
  console.info(`  live after ${timings['edit → live on home']}`);
  const current = (await container.builds.state()).current;
  if (current?.finishedAt) {
    const took = (Date.parse(current.finishedAt) - Date.parse(current.startedAt)) / 1000;
    timings['incremental build'] = seconds(took);
  }
}

/** Peak resident memory of a process (Linux only), read before it ends. */
function peakMemory(pid: number | undefined): string | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? `${Math.round(kb / 1024)} MB` : null;
  } catch {
    return null;
  }
}

function printTable(): void {
  console.info('\nTimings');
  console.table(Object.entries(timings).map(([step, value]) => ({ step, value })));
  console.info(
    `HTTP (pages: ${settings.duration} s, ${settings.connections} connections; cart and orders: ${SHOPPING_REQUESTS} requests, ${BUYERS} buyers)`,
  );
  console.table(httpRows);
  if (lighthouseRows.length > 0) {
    console.info('Lighthouse mobile performance (target score 95)');
    console.table(lighthouseRows);
  }
  console.info('JavaScript per storefront page (gzip; target 100 KB)');
  console.table(jsRows);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-bench-'));
  let server: Child | null = null;
  try {
    await seed(dataDir);
    await build(dataDir);
    const port = await freePort(settings.port);
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(dataDir, port);

    const container = createContainer(parseEnv({ DATA_DIR: dataDir }));
    try {
      const [newest] = await container.commerce.recentProducts(1);
      if (!newest) throw new Error('The seeded shop has no products.');
      await measure(base, '/ (pre-rendered)', '/');
      await measure(base, '/about-us (pre-rendered)', '/about-us');
      await measure(base, '/api/health (API)', '/api/health');
      await measure(base, 'singles: NBA, price high-low', '/api/products?category=NBA&sort=price-desc');
      await measure(
        base,
        'singles: search + price range, page 3',
        '/api/products?search=prizm&min=5&max=200&page=3',
      );
      await measure(
        base,
        '/product/… (on demand)',
        `/product/${encodeURIComponent(newest.variantId || newest.id)}`,
      );
      if (process.env.BENCH_LIGHTHOUSE !== '0') {
        console.info('Lighthouse, mobile (home, singles, a product page)…');
        lighthouseRows.push(
          ...(await lighthouseMobile(base, [
            { label: '/', path: '/' },
            { label: '/singles', path: '/singles' },
            { label: '/product/…', path: `/product/${encodeURIComponent(newest.variantId || newest.id)}` },
          ])),
        );
      }
      await editAndWait(server, base, container, newest);
      await measureShopping(base, container);
    } finally {
      container.close();
    }

    const memory = peakMemory(server.process.pid);
    if (memory) timings['server peak RSS'] = memory;
    console.info('Stopping the server…');
    const code = await stopChild(server);
    if (code !== 0) console.warn(`The server exited with ${code}.`);
  } catch (error) {
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    if (server) console.error(formatTail(server));
    process.exitCode = 1;
  } finally {
    if (server) await stopChild(server, 10_000);
    if (settings.keep) console.info(`Data folder kept: ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.exitCode !== 1) printTable();
}

await main();
