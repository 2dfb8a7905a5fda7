import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster/cluster.ts';
import { parseMessage, type SmtpRecorder, startSmtpRecorder } from '../doubles/smtp-recorder.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.ts';
import {
  addressOf,
  cardForm,
  client,
  cookieOf,
  eventually,
  placeOrder,
  secondsUntilLive,
} from './helpers.ts';

/**
 * Three instances of the shop on one PostgreSQL and one S3 server behind nginx (issue 32, decision
 * 096), as `npm run start:cluster` runs them: what one instance does, the others see; an instance
 * killed with SIGKILL under load loses nothing and costs only its own open requests; the last copy
 * is sold once whichever instances the buyers reach.
 */
const LOAD_SECONDS = 30;
const KILL_AT_MS = 10_000;
const RESTART_AT_MS = 15_000;
const PAGE_VIEWERS = 6;
const SHOPPERS = 4;
const LOAD_PRODUCTS = 6;
const LOAD_STOCK = 5_000;
const LAST_COPY_BUYERS = 50;
/** How long after the kill nginx may still hand a request to a kept-alive connection to the dead instance. */
const OPEN_CONNECTIONS_MS = 1_000;

let cluster: Cluster;
let shopDatabase: TestDatabase;
let smtp: SmtpRecorder;
let database: pg.Pool;
let admin = '';

beforeAll(async () => {
  smtp = await startSmtpRecorder();
  // An empty database on the run's PostgreSQL server: the first instance migrates and seeds it.
  shopDatabase = await createTestDatabase({ empty: true });
  cluster = await startCluster({
    quiet: true,
    databaseUrl: shopDatabase.url,
    env: {
      // The test sends each shopper's address as a CDN in front of nginx would.
      TRUST_PROXY: '2',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      REBUILD_DEBOUNCE_MS: '300',
    },
  });
  database = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  // An idle connection the server ends reports an error event, which unheard ends the test process.
  database.on('error', () => undefined);
  const signedIn = await client(cluster.instances[0]?.url ?? '', addressOf(1)).post('/api/session', {
    email: cluster.admin.email,
    password: cluster.admin.password,
  });
  expect(signedIn.status).toBe(200);
  admin = cookieOf(signedIn);
}, 900_000);

// Stopping takes a while: each program gets SIGTERM, then SIGKILL after its grace (nginx 5 s, the
// instances 15 s, then the S3 server 15 s), one after the other; on a machine busy with the other
// suites that outlasted the default 60 s hook timeout.
afterAll(async () => {
  await database?.end();
  await cluster?.stop();
  await shopDatabase?.drop();
  await smtp?.close();
}, 120_000);

const instance = (index: number) => {
  const found = cluster.instances[index];
  if (!found) throw new Error(`no instance ${index}`);
  return found;
};
const rows = async <T>(text: string, values: unknown[] = []) =>
  (await database.query(text, values)).rows as T[];

/**
 * A product made through the dashboard's API on `on`, by the signed-in admin: a card of an
 * Olympiacos player (the form's rule: the title names a player of the team).
 */
async function createProduct(on: number, name: string, quantity: number, mediaIds: string[] = []) {
  const title = `Sasha Vezenkov ${name}`;
  const created = await client(instance(on).url, addressOf(1)).post(
    '/api/admin/products',
    cardForm(title, quantity, mediaIds),
    admin,
  );
  expect(created.status, await created.clone().text()).toBe(201);
  return ((await created.json()) as { product: { id: string; variantId: string } }).product;
}

describe('three instances behind nginx', () => {
  it('share sessions, carts and limits: sign in on one and work on another', {
    timeout: 120_000,
  }, async () => {
    // The admin's session, made on shop-1, opens the dashboard's API on shop-2 and shop-3.
    for (const index of [1, 2]) {
      const session = await client(instance(index).url, addressOf(1)).get('/api/session', admin);
      expect(await session.json()).toMatchObject({ user: { email: cluster.admin.email } });
    }
    // A cart made on shop-1 is the same cart on shop-3.
    const [variant] = await rows<{ id: number }>(
      `SELECT v.id FROM variants v JOIN inventory_items i ON i.variant_id = v.id
        JOIN inventory_levels l ON l.inventory_item_id = i.id WHERE l.available > 0 LIMIT 1`,
    );
    const shopper = client(instance(0).url, addressOf(2));
    const added = await shopper.post('/api/cart/lines', {
      merchandiseId: `gid://shop/ProductVariant/${variant?.id}`,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const cart = await client(instance(2).url, addressOf(2)).get('/api/cart', cookieOf(added));
    expect(((await cart.json()) as { cart: { lines: unknown[] } }).cart.lines).toHaveLength(1);

    // The sign-in throttle counts across instances: 5 wrong passwords for one account from one
    // address, each on another instance, and the sixth try is held even with the right password.
    const attacker = addressOf(3);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await client(instance(attempt % 3).url, attacker).post('/api/session', {
        email: cluster.admin.email,
        password: 'not-the-password-123',
      });
      expect(wrong.status).toBe(401);
    }
    const held = await client(instance(2).url, attacker).post('/api/session', {
      email: cluster.admin.email,
      password: cluster.admin.password,
    });
    expect(held.status).toBe(429);
  });

  it('upload on one, image served by all; save on one, live on every instance', {
    timeout: 300_000,
  }, async () => {
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 60 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cluster-card.png');
    const uploaded = await fetch(`${instance(2).url}/api/admin/media`, {
      method: 'POST',
      headers: { origin: instance(2).url, cookie: admin, 'x-forwarded-for': addressOf(1) },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { media } = (await uploaded.json()) as { media: { id: string; url: string } };
    const hashes = await Promise.all(
      [0, 1, 2].map(async (index) => {
        const image = await fetch(`${instance(index).url}${media.url}`);
        expect(image.status).toBe(200);
        return createHash('sha256')
          .update(new Uint8Array(await image.arrayBuffer()))
          .digest('hex');
      }),
    );
    expect(new Set(hashes).size).toBe(1);
    expect(await cluster.s3.keys()).toContain(media.url.replace('/media/', ''));

    const title = `Cluster Card ${Date.now()}`;
    await createProduct(1, title, 3, [media.id]);
    const liveAfter = await secondsUntilLive(cluster.instances, title, performance.now());
    console.info(
      `[cluster] save on shop-2 → live on shop-1, shop-2, shop-3 after ${liveAfter.join(' s, ')} s`,
    );
  });

  it('loses no order and sends no mail twice when an instance is killed under load', {
    timeout: 300_000,
  }, async () => {
    const products = await Promise.all(
      Array.from({ length: LOAD_PRODUCTS }, (_, n) =>
        createProduct(n % 3, `Load Card ${n} ${Date.now()}`, LOAD_STOCK),
      ),
    );
    const pages = [
      '/',
      '/singles',
      '/api/products?page=1',
      `/product/${encodeURIComponent(products[0]?.variantId ?? '')}`,
    ];
    type Outcome = { path: string; startedAt: number; endedAt: number; status: number; error?: string };
    const outcomes: Outcome[] = [];
    const acknowledged: Array<{ number: string; email: string }> = [];
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const timed = async (path: string, send: () => Promise<{ status: number }>) => {
      const startedAt = elapsed();
      try {
        const { status } = await send();
        outcomes.push({ path, startedAt, endedAt: elapsed(), status });
        return status;
      } catch (error) {
        outcomes.push({ path, startedAt, endedAt: elapsed(), status: 0, error: String(error) });
        return 0;
      }
    };

    const victim = instance(1);
    let killedAt = Number.POSITIVE_INFINITY;
    let restartedAt = Number.POSITIVE_INFINITY;
    const chaos = (async () => {
      await sleep(KILL_AT_MS);
      killedAt = elapsed();
      await victim.kill('SIGKILL');
      await sleep(RESTART_AT_MS - KILL_AT_MS);
      await victim.restart();
      restartedAt = elapsed();
    })();

    let shopperCount = 1_000;
    const viewers = Array.from({ length: PAGE_VIEWERS }, async (_, viewer) => {
      for (let n = 0; elapsed() < LOAD_SECONDS * 1000; n += 1) {
        const path = pages[(viewer + n) % pages.length] ?? '/';
        await timed(path, async () => {
          const response = await client(cluster.url, addressOf(100 + viewer)).get(path);
          await response.arrayBuffer();
          return response;
        });
      }
    });
    const shoppers = Array.from({ length: SHOPPERS }, async (_, lane) => {
      for (let n = 0; elapsed() < LOAD_SECONDS * 1000; n += 1) {
        shopperCount += 1;
        const shopper = shopperCount;
        const product = products[(lane + n) % products.length];
        let result: Awaited<ReturnType<typeof placeOrder>> | null = null;
        await timed('/api/orders', async () => {
          result = await placeOrder(cluster.url, shopper, product?.variantId ?? '', 1 + (n % 2));
          return result;
        });
        const placed = result as Awaited<ReturnType<typeof placeOrder>> | null;
        if (placed && placed.status === 201 && placed.number)
          acknowledged.push({ number: placed.number, email: placed.email });
      }
    });
    await Promise.all([...viewers, ...shoppers, chaos]);

    // Requests fail only on the killed instance's open connections. nginx says which: every error
    // it logged names shop-2, and is a connection that broke under a request (a refused one is
    // tried on the next instance, whatever the method). Besides the requests open at the kill,
    // that covers a request nginx handed, in the moment after, to a kept-alive connection to
    // shop-2 it had not yet seen close: a POST sent there is never sent on (no non_idempotent).
    const failed = outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500);
    const unexplained = failed.filter(
      (outcome) => !(outcome.startedAt <= killedAt + OPEN_CONNECTIONS_MS && outcome.endedAt >= killedAt),
    );
    const victimPort = new URL(victim.url).port;
    const nginxErrors = readFileSync(`${cluster.folder}/nginx.log`, 'utf8')
      .split('\n')
      .filter((line) => line.includes('[error]'));
    const elsewhere = nginxErrors.filter(
      (line) => !line.includes(`upstream: "http://127.0.0.1:${victimPort}/`),
    );
    console.info(
      `[cluster] ${outcomes.length} requests in ${LOAD_SECONDS} s (${acknowledged.length} orders acknowledged); ` +
        `shop-2 killed at ${(killedAt / 1000).toFixed(1)} s, serving again at ${(restartedAt / 1000).toFixed(1)} s; ` +
        `failed ${failed.length}, all on shop-2's connections at its kill: ${unexplained.length === 0} ` +
        `(${failed.map((outcome) => `${outcome.path} ${outcome.status || outcome.error} from ${(outcome.startedAt / 1000).toFixed(2)} s to ${(outcome.endedAt / 1000).toFixed(2)} s`).join('; ')}); ` +
        `nginx errors ${nginxErrors.length}, on another instance ${elsewhere.length}`,
    );
    if (unexplained.length > 0 || elsewhere.length > 0)
      console.info(`[cluster] nginx's errors:\n${nginxErrors.join('\n').slice(-4_000)}`);
    expect(unexplained).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);

    // Every acknowledged order is in the database, with its two mails.
    const numbers = acknowledged.map((order) => order.number);
    const found = await rows<{ number: string; email: string }>(
      'SELECT number, email FROM orders WHERE number = ANY($1)',
      [numbers],
    );
    expect(found.length).toBe(acknowledged.length);
    const mails = await rows<{ subject: string; status: string }>(
      "SELECT subject, status FROM mail_outbox WHERE kind IN ('order-confirmation', 'order-notification')",
    );
    for (const number of numbers)
      expect(
        mails.filter((mail) => mail.subject.includes(number)),
        number,
      ).toHaveLength(2);

    // Stock adds up: what each load product had, less what the orders in the database took.
    for (const product of products) {
      const variant = Number(product.variantId.split('/').pop());
      const [{ taken } = { taken: 0 }] = await rows<{ taken: number }>(
        'SELECT COALESCE(SUM(quantity), 0)::int AS taken FROM order_lines WHERE variant_id = $1',
        [variant],
      );
      const [{ available } = { available: -1 }] = await rows<{ available: number }>(
        `SELECT l.available FROM inventory_levels l JOIN inventory_items i ON i.id = l.inventory_item_id
          WHERE i.variant_id = $1`,
        [variant],
      );
      expect(available + taken, product.variantId).toBe(LOAD_STOCK);
    }

    // The mail goes out once: every delivered message reached the SMTP server exactly once; a
    // message the killed instance had claimed waits for its claim to end (2 minutes), not sent.
    await eventually(
      'the outbox delivers what is due',
      async () =>
        (
          await rows<{ due: number }>(
            "SELECT count(*)::int AS due FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()",
          )
        )[0]?.due === 0,
      60_000,
    );
    // A message is its Message-ID: one per outbox message, the same on every attempt at it.
    const sent = smtp.received.map((message) => parseMessage(message.raw).headers.get('message-id') ?? '');
    expect(sent.filter((id) => !/^<outbox\.\d+\.[0-9a-z]+@/.test(id))).toEqual([]);
    const sentTwice = sent.filter((key, index) => sent.indexOf(key) !== index);
    const [counts] = await rows<{ delivered: number; claimed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
        count(*) FILTER (WHERE status = 'pending' AND next_attempt_at > now())::int AS claimed
      FROM mail_outbox`,
    );
    const { delivered = 0, claimed = 0 } = counts ?? {};
    console.info(
      `[cluster] orders acknowledged ${acknowledged.length}, found ${found.length}; mails delivered ${delivered}, ` +
        `received ${smtp.received.length}, sent twice ${sentTwice.length}, claimed and not yet recorded ${claimed}`,
    );
    expect(sentTwice).toEqual([]);
    // Every delivered message was received; one received but not recorded as delivered can only be
    // one the killed instance sent in its last moment (it goes again once its claim ends: the
    // at-least-once window decision 096 names).
    expect(smtp.received.length).toBeGreaterThanOrEqual(delivered);
    expect(smtp.received.length - delivered).toBeLessThanOrEqual(claimed);
  });

  it('sells the last copy once to 50 buyers spread over the three instances', {
    timeout: 120_000,
  }, async () => {
    const last = await createProduct(0, `Last Copy ${Date.now()}`, 1);
    const buyers = Array.from({ length: LAST_COPY_BUYERS }, (_, n) => 5_000 + n);
    const carts = await Promise.all(
      buyers.map(async (buyer, n) => {
        const http = client(instance(n % 3).url, addressOf(buyer));
        const added = await http.post('/api/cart/lines', { merchandiseId: last.variantId, quantity: 1 });
        expect(added.status).toBe(200);
        return { http, cookie: cookieOf(added), buyer };
      }),
    );
    const answers = await Promise.all(
      carts.map(({ http, cookie, buyer }) =>
        http.post(
          '/api/orders',
          {
            name: `Αγοραστής ${buyer}`,
            email: `last${buyer}@example.gr`,
            phone: '6912345678',
            delivery: { method: 'pickup' },
            payment: 'bank_transfer',
            notes: '',
            idempotencyKey: `last-copy-${buyer}-0123456789`,
          },
          cookie,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(LAST_COPY_BUYERS - 1);
    const variant = Number(last.variantId.split('/').pop());
    expect(
      (
        await rows<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE variant_id = $1', [
          variant,
        ])
      )[0]?.n,
    ).toBe(1);
  });
});
