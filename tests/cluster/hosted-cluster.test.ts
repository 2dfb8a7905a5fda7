import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster/cluster.ts';
import {
  createEmulatedAdmin,
  type HostedStack,
  startHostedStack,
} from '../../scripts/emulators/hosted-stack.ts';
import { shopifyEnv } from '../contract/shopify-harness.ts';
import { seedDemoCatalogue } from '../doubles/shopify/demo-catalogue.ts';
import { type ShopifyDouble, startShopifyDouble } from '../doubles/shopify/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.ts';
import { addressOf, cardForm, client, cookieOf, eventually, secondsUntilLive } from './helpers.ts';

/**
 * The fully hosted mode as several instances (issue 32): commerce on the Shopify double,
 * documents and sign-in on the Firestore and Auth emulators, mail through the EmailJS recorder,
 * and the shop's own tables on one PostgreSQL, with two instances behind nginx. What one instance
 * does, the other sees, and a mail queued on either goes out once.
 */
const ADMIN = { email: 'owner@example.gr', password: 'hosted-cluster-password-1' };

let double: ShopifyDouble;
let stack: HostedStack;
let shopDatabase: TestDatabase;
let cluster: Cluster;
let admin = '';

beforeAll(async () => {
  double = await startShopifyDouble();
  await seedDemoCatalogue(double);
  stack = await startHostedStack();
  await createEmulatedAdmin(stack, ADMIN.email, ADMIN.password);
  shopDatabase = await createTestDatabase({ empty: true });
  cluster = await startCluster({
    quiet: true,
    instances: 2,
    databaseUrl: shopDatabase.url,
    env: {
      ...stack.env,
      ...shopifyEnv(double, { SHOPIFY_WEBHOOK_SECRET: 'whsec_hosted_cluster_0123456789' }),
      // Product images go to Shopify, which every instance reaches alike: no bucket of the shop's.
      MEDIA_BACKEND: 'local',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: '2',
      REBUILD_DEBOUNCE_MS: '300',
    },
  });
  // As the login page signs in with Firebase: the browser gets an ID token, the shop checks it.
  const firebase = await fetch(
    `${stack.env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${stack.env.PUBLIC_FIREBASE_API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, returnSecureToken: true }),
    },
  );
  const { idToken } = (await firebase.json()) as { idToken: string };
  const signedIn = await client(instance(0).url, addressOf(1)).post('/api/session', { idToken });
  expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  admin = cookieOf(signedIn);
}, 900_000);

// Stopping takes a while: each program gets SIGTERM, then SIGKILL after its grace (nginx 5 s, the
// instances 15 s, then the S3 server 15 s), one after the other; on a machine busy with the other
// suites that outlasted the default 60 s hook timeout.
afterAll(async () => {
  await cluster?.stop();
  await shopDatabase?.drop();
  await stack?.stop();
  await double?.close();
}, 120_000);

function instance(index: number) {
  const found = cluster.instances[index];
  if (!found) throw new Error(`no instance ${index}`);
  return found;
}

describe('two fully hosted instances on one PostgreSQL', () => {
  it('say which instance answered; a Firebase sign-in on one opens the dashboard on the other', async () => {
    for (const index of [0, 1]) {
      const health = await client(instance(index).url, addressOf(2)).get('/api/health');
      expect(await health.json()).toMatchObject({ ok: true, instance: instance(index).id });
    }
    const session = await client(instance(1).url, addressOf(1)).get('/api/session', admin);
    expect(await session.json()).toMatchObject({ user: { email: ADMIN.email } });
  });

  it('a product saved on Shopify through one is live on both', { timeout: 300_000 }, async () => {
    const title = `Sasha Vezenkov Hosted Cluster ${Date.now()}`;
    const created = await client(instance(1).url, addressOf(1)).post(
      '/api/admin/products',
      cardForm(title, 2),
      admin,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const liveAfter = await secondsUntilLive(cluster.instances, title, performance.now());
    console.info(
      `[hosted cluster] save on shop-2 → live on shop-1, shop-2 after ${liveAfter.join(' s, ')} s`,
    );
  });

  it('a contact message taken by one instance is mailed once through EmailJS', {
    timeout: 60_000,
  }, async () => {
    const before = stack.emailjs.sent.length;
    const sent = await client(instance(0).url, addressOf(3)).post('/api/contact', {
      name: 'Μαρία Παπαδοπούλου',
      email: 'maria@example.gr',
      message: 'Έχετε την κάρτα του Βεζένκοφ σε PSA 10;',
      website: '',
      elapsedMs: 10_000,
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const ours = () =>
      stack.emailjs.sent
        .slice(before)
        .filter((mail) => JSON.stringify(mail.template_params).includes('maria@example.gr'));
    // Each due mail is claimed by one instance at a time (FOR UPDATE SKIP LOCKED, decision 093):
    // it is delivered on its first attempt, and the recorder holds it once.
    const database = new pg.Client({ connectionString: cluster.databaseUrl });
    await database.connect();
    const row = async () =>
      (
        await database.query(
          "SELECT status, attempts FROM mail_outbox WHERE kind = 'contact-message' AND reply_to = $1",
          ['maria@example.gr'],
        )
      ).rows[0] as { status: string; attempts: number } | undefined;
    try {
      await eventually(
        "the owner's mail is delivered",
        async () => (await row())?.status === 'delivered',
        30_000,
      );
      expect(await row()).toEqual({ status: 'delivered', attempts: 1 });
    } finally {
      await database.end();
    }
    expect(ours()).toHaveLength(1);
  });
});
