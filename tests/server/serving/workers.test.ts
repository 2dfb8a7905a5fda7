import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../../src/domain/catalog/product-id.ts';
import { createContainer } from '../../../src/server/container.ts';
import { parseEnv } from '../../../src/server/env.ts';
import {
  buildsFolder,
  readCurrentBuild,
  writeCurrentBuild,
} from '../../../src/server/rebuild/current-build.ts';
import { prepareDataDir, type ShopServer, startServer, webWorkerPids } from '../../helpers/shop-server.ts';

/**
 * `npm start` serves from worker processes, a set per storefront build (decision 009). These
 * tests run the real server: two workers, a worker killed, an edit rebuilt and swapped in.
 */
let server: ShopServer;
let dataDir: string;

/** The pids of the server's storefront workers. */
const workers = () => webWorkerPids(server);

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const openShop = () => createContainer(parseEnv({ DATA_DIR: dataDir }));

/**
 * Rebuilds the storefront and waits until a new set of workers serves it and the old set is gone.
 * Answers the new workers, and those of them that ran before the build was made.
 */
async function swapBuild() {
  const shop = openShop();
  try {
    // The changes of the tests before are built first: a build under way would be swapped in
    // while this one waits.
    await until(
      'the changes before built',
      async () =>
        (await shop.builds.state()).state === 'up_to_date' &&
        readCurrentBuild(dataDir)?.contentVersion === (await shop.builds.contentVersion())
          ? true
          : undefined,
      240_000,
    );
    const before = workers();
    const builtBefore = readCurrentBuild(dataDir)?.buildId;
    const seenBeforeTheBuild = new Set<number>();
    await shop.builds.requestRebuild();
    await until(
      'the rebuilt storefront',
      async () => {
        // Listed first: a worker listed while the build served is still the old one ran before
        // the new build was made (the service names it in current.json before it is swapped in).
        const running = workers();
        if (readCurrentBuild(dataDir)?.buildId === builtBefore)
          for (const pid of running) seenBeforeTheBuild.add(pid);
        return (await shop.builds.state()).state === 'up_to_date' ? true : undefined;
      },
      240_000,
    );
    const now = await until('the old workers to leave', () => {
      const now = workers();
      return now.length === 2 && now.every((pid) => !before.includes(pid)) ? now : undefined;
    });
    return { now, startedAhead: now.filter((pid) => seenBeforeTheBuild.has(pid)) };
  } finally {
    shop.close();
  }
}

/** How many builds `swapCopiedBuild` has made. */
let copies = 0;

/**
 * Has the server swap in another build without building one: the served folder copied with hard
 * links and `current.json` moved to the copy, as an instance takes a build another instance made
 * (decision 102). The swap is what the test below is about, six of them, and an Astro build of
 * the demo shop costs a core about 15 s; `swapBuild` proves a real build's way in.
 */
async function swapCopiedBuild() {
  const before = workers();
  const current = readCurrentBuild(dataDir);
  if (!current) throw new Error('The server serves no build');
  copies += 1;
  const outputDir = path.join(buildsFolder(dataDir), `build-copy-${copies}`);
  execFileSync('cp', ['-al', current.outputDir, outputDir]);
  writeCurrentBuild(dataDir, { ...current, buildId: 1_000_000 + copies, outputDir });
  return until('the old workers to leave', () => {
    const now = workers();
    return now.length === 2 && now.every((pid) => !before.includes(pid)) ? now : undefined;
  });
}

/** How many answers `getOnce` has followed to the newer build. */
let sentOn = 0;

/**
 * One GET, on a connection of its own (`agent: false`) or on one the agent keeps alive; resolves
 * with the status, or the reason it got none. A 307 to the same address, a worker's answer after
 * its build was swapped out (storefront-server.ts), is followed on a new connection, as browsers
 * do. A page that such a worker sends itself on a kept-alive connection (it says `Connection:
 * close`, which nothing else does there) is the build from before the swap: it counts as a failure.
 */
function getOnce(
  url: string,
  agent: http.Agent | false,
  timeoutMs = 15_000,
  follows = 3,
): Promise<number | string> {
  const { pathname, search } = new URL(url);
  return new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        if (status === 307 && response.headers.location === `${pathname}${search}` && follows > 0) {
          sentOn += 1;
          resolve(getOnce(url, false, timeoutMs, follows - 1));
        } else if (agent && status === 200 && response.headers.connection === 'close') {
          resolve('200 from the build swapped out');
        } else resolve(status);
      });
      response.on('error', (error) => resolve(error.message));
    });
    request.on('timeout', () => {
      request.destroy();
      resolve('no answer');
    });
    request.on('error', (error) => resolve(error.message));
  });
}

/**
 * GETs over one kept-alive connection at a time, as a browser or an API client sends them, until
 * `going()` is false; resolves with each status, or the reason there was none.
 */
async function getOverKeptConnections(url: string, going: () => boolean): Promise<Array<number | string>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const outcomes: Array<number | string> = [];
  try {
    while (going()) outcomes.push(await getOnce(url, agent));
  } finally {
    agent.destroy();
  }
  return outcomes;
}

beforeAll(async () => {
  dataDir = await prepareDataDir();
  server = await startServer(dataDir, { WEB_WORKERS: '2', REBUILD_DEBOUNCE_MS: '100' });
}, 180_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('serving from worker processes', () => {
  it('runs the number of workers asked for, and replaces one that dies', async () => {
    const before = await until('two workers', () => (workers().length === 2 ? workers() : undefined));
    const [victim = -1, survivor] = before;
    process.kill(victim, 'SIGKILL');
    // The other worker serves meanwhile (a connection the dead one held may fail: a new one does not).
    await until('an answer from the other worker', async () => {
      try {
        const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
        return response.status === 200 ? true : undefined;
      } catch {
        return undefined;
      }
    });
    const after = await until('a replacement worker', () => {
      const now = workers();
      return now.length === 2 && !now.includes(victim) ? now : undefined;
    });
    expect(after).toContain(survivor);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  }, 90_000);

  it('shows a product edit on the very next product page, without waiting for a build', async () => {
    const shop = openShop();
    try {
      const { product } = await shop.commerce.createProduct({
        title: 'Cache test card',
        priceCents: 500,
        quantity: 3,
      });
      const url = `${server.url}${productPath(product)}`;
      // Twice, so the second answer comes from the worker's cache when it holds the page.
      expect(await (await fetch(url)).text()).toContain('Cache test card');
      expect(await (await fetch(url)).text()).toContain('Cache test card');
      await shop.commerce.updateProduct(product.id, {
        title: 'Cache test card, renamed',
        priceCents: 500,
        quantity: 3,
      });
      for (let i = 0; i < 4; i += 1)
        expect(await (await fetch(url)).text()).toContain('Cache test card, renamed');
    } finally {
      shop.close();
    }
  });

  it('keeps catalogue answers until the catalogue or its stock moves: the next request after an edit or a sale shows it', async () => {
    const shop = openShop();
    try {
      const title = 'Kept answer card';
      const { product } = await shop.commerce.createProduct({ title, priceCents: 800, quantity: 3 });
      const singles = `${server.url}/api/products?search=${encodeURIComponent(title)}`;
      const availableOf = async (response: Response) => {
        const body = (await response.json()) as { products: Array<{ title: string; available: number }> };
        return body.products.map((card) => `${card.title}: ${card.available}`);
      };
      const first = await fetch(singles);
      expect(await availableOf(first)).toEqual([`${title}: 3`]);
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\//);
      // Both workers now answer from what they keep: a client holding the answer gets 304.
      for (let i = 0; i < 4; i += 1) {
        const again = await fetch(singles, { headers: { 'if-none-match': etag } });
        expect(again.status).toBe(304);
      }

      // A sale moves the stock, and no catalogue version: the next answer has the new stock.
      const cart = await shop.carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
      await shop.orders.placeOrder({
        cartId: cart.id,
        idempotencyKey: 'cached-answers-sale-0001',
        customer: { name: 'Kept Buyer', email: 'kept@example.com', phone: '6912345678' },
        delivery: { method: 'pickup' },
        payment: 'bank_transfer',
        notes: '',
        shipping: { courierFeeCents: 0, freeShippingFromCents: null },
      });
      for (let i = 0; i < 4; i += 1) {
        const afterSale = await fetch(singles, { headers: { 'if-none-match': etag } });
        expect(afterSale.status).toBe(200);
        expect(await availableOf(afterSale)).toEqual([`${title}: 2`]);
      }

      // An edit: the header search and the product page follow on the next request.
      const search = `${server.url}/api/search?q=${encodeURIComponent('Kept answer')}`;
      expect(await (await fetch(search)).text()).toContain(title);
      await shop.commerce.updateProduct(product.id, {
        title: 'Kept card, renamed',
        priceCents: 800,
        quantity: 2,
      });
      for (let i = 0; i < 4; i += 1) {
        expect(await (await fetch(search)).text()).not.toContain(title);
        expect(await (await fetch(`${server.url}${productPath(product)}`)).text()).toContain(
          'Kept card, renamed',
        );
      }
    } finally {
      shop.close();
    }
  });

  it('puts a catalogue change live by itself: a build after the debounce, swapped in with no restart', async () => {
    // The tests above made and renamed products, and asked for no build: the newest is on the
    // pre-rendered home page (Recently Added) once the rebuild service has built and swapped.
    const live = await until(
      'the renamed product on the home page',
      async () =>
        (await (await fetch(`${server.url}/`)).text()).includes('Kept card, renamed') ? true : undefined,
      240_000,
    );
    expect(live).toBe(true);
  }, 300_000);

  it('swaps in a new build on new workers, started while it was built, and retires the old ones', async () => {
    // The new build was serving before "up to date" was reported; the old workers leave. The new
    // ones loaded the shop's code while the build was made, so the swap waited for the build alone.
    const { now, startedAhead } = await swapBuild();
    expect(now).toHaveLength(2);
    expect(startedAhead).toEqual(now);
    expect((await fetch(`${server.url}/about-us`)).status).toBe(200);
  }, 300_000);

  it('answers every request, on new and on kept-alive connections, while builds swap', async () => {
    // Browsers open connections at any moment, also while a set of workers is retired: each
    // must be answered by one of the sets, never left waiting. A connection handed to a worker
    // as it exited was lost about once in three swaps at this load before the fix, so six swaps.
    // Clients that keep their connections alive send their next request at any moment too: a
    // retiring worker must not close a connection under a request that is on its way, nor answer
    // it from the build swapped out (it sends it on to the newer one).
    const outcomes: Array<number | string> = [];
    let swapping = true;
    const paths = ['/about-us', '/api/health', '/'];
    const clients = Array.from({ length: 16 }, async (_, client) => {
      for (let i = client; swapping; i += 1)
        outcomes.push(await getOnce(`${server.url}${paths[i % paths.length]}`, false));
    });
    const sentBefore = sentOn;
    const keptAlive = paths.map((path) => getOverKeptConnections(`${server.url}${path}`, () => swapping));
    try {
      for (let swap = 0; swap < 6; swap += 1) await swapCopiedBuild();
    } finally {
      swapping = false;
      await Promise.all(clients);
    }
    const kept = (await Promise.all(keptAlive)).flat();
    const failed = [...outcomes, ...kept].filter((outcome) => outcome !== 200);
    console.info(
      `[worker swaps] ${outcomes.length} requests on new connections and ${kept.length} on kept-alive ones over 6 swaps, ${failed.length} not answered 200`,
    );
    expect(outcomes.length).toBeGreaterThan(100);
    expect(kept.length).toBeGreaterThan(100);
    expect(failed).toEqual([]);
    // The kept-alive clients met a retiring worker at every swap, at least one of them.
    expect(sentOn - sentBefore).toBeGreaterThanOrEqual(6);
  }, 600_000);
});
