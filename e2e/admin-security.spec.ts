import fs from 'node:fs';
import path from 'node:path';
import { SESSIONS_TABLE, signInBody } from './fixtures/backends.ts';
import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Every admin endpoint, found from the files under src/pages/api/admin so a new one cannot be
 * forgotten here: each exported method with its route, dynamic segments filled with a dummy id.
 */
function adminEndpoints(): Array<{ method: string; path: string }> {
  const root = path.resolve('src/pages');
  const found: Array<{ method: string; path: string }> = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts')) {
        const route = `/${path.relative(root, full)}`
          .replace(/\.ts$/, '')
          .replace(/\/index$/, '')
          .replace(/\[\.\.\.[^\]]+\]|\[[^\]]+\]/g, encodeURIComponent('gid://shop/Product/1'));
        const source = fs.readFileSync(full, 'utf8');
        for (const match of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) {
          found.push({ method: match[1] ?? 'GET', path: route });
        }
      }
    }
  };
  visit(path.join(root, 'api', 'admin'));
  // The spec's admin proxy, /api/{platform}-admin, lives outside /api/admin.
  found.push({ method: 'POST', path: '/api/shopify-admin' });
  return found;
}

async function snapshot() {
  const shop = openShop();
  try {
    const { db } = shop.database;
    const count = async (table: 'products' | 'orders' | 'media') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      products: await count('products'),
      orders: await count('orders'),
      media: await count('media'),
      catalog: await shop.commerce.version(),
      documents: await shop.documents.version(),
      settings: (
        await db
          .selectFrom('counters')
          .select('value')
          .where('name', '=', 'settings')
          .executeTakeFirstOrThrow()
      ).value,
      // Rebuild requests, not finished builds: a build an earlier test asked for may finish meanwhile.
      rebuildRequests: (
        await db
          .selectFrom('counters')
          .select('value')
          .where('name', '=', 'rebuild')
          .executeTakeFirstOrThrow()
      ).value,
    };
  } finally {
    shop.close();
  }
}

test('every admin endpoint refuses a missing session (401) and a forged or expired one (403), changing nothing @hosted', async ({
  request,
  baseURL,
}) => {
  // It may wait minutes for a rebuild on a busy machine, then sends three requests to each endpoint.
  test.setTimeout(300_000);
  const endpoints = adminEndpoints();
  expect(endpoints.length).toBeGreaterThanOrEqual(8);
  // A rebuild for an earlier spec's change must not start in the middle and count as a change here.
  await waitForStorefront();
  const before = await snapshot();

  // An expired session: a real one whose expiry is moved into the past.
  const signIn = await request.post('/api/session', { data: await signInBody() });
  expect(signIn.status()).toBe(200);
  const token =
    (await request.storageState()).cookies.find((cookie) => cookie.name === 'shop_admin_session')?.value ??
    '';
  expect(token).not.toBe('');
  const shop = openShop();
  try {
    await shop.database.db
      .updateTable(SESSIONS_TABLE)
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .execute();
  } finally {
    shop.close();
  }

  const body = {
    title: 'x',
    price: '1,00',
    team: 'Olympiacos',
    quantity: '1',
    descriptionEnabled: false,
    descriptionHtml: '',
    mediaIds: [],
  };
  // Sent as the shop's own pages send them: from the same origin.
  const origin = String(baseURL);
  for (const { method, path: url } of endpoints) {
    const send = (cookie?: string) =>
      request.fetch(url, {
        method,
        headers: { origin, cookie: cookie === undefined ? '' : `shop_admin_session=${cookie}` },
        ...(method === 'GET' || method === 'DELETE' ? {} : { data: body }),
      });
    expect((await send()).status(), `${method} ${url} without a session`).toBe(401);
    expect((await send('forged-token-value')).status(), `${method} ${url} with a forged session`).toBe(403);
    expect((await send(token)).status(), `${method} ${url} with an expired session`).toBe(403);
  }
  expect(await snapshot()).toEqual(before);
});

test('a state-changing request from another site is refused', async ({ request }) => {
  const form = await request.post('/api/session', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'email=admin%40example.com&password=e2e-admin-password-123',
  });
  expect(form.status()).toBe(403);
  const json = await request.post('/api/session', {
    headers: { origin: 'https://evil.example' },
    data: { email: 'admin@example.com', password: 'e2e-admin-password-123' },
  });
  expect(json.status()).toBe(403);
  const cart = await request.post('/api/cart/lines', {
    headers: { origin: 'null' },
    data: { merchandiseId: 'gid://shop/ProductVariant/1', quantity: 1 },
  });
  expect(cart.status()).toBe(403);
  expect((await request.storageState()).cookies.some((cookie) => cookie.name === 'shop_admin_session')).toBe(
    false,
  );
});
