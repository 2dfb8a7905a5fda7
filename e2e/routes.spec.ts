import { idNamespace, signInBody } from './fixtures/backends.ts';
import { expect, test } from './fixtures/test.ts';

const ROUTES = [
  '/',
  '/singles',
  '/singles?category=NBA',
  '/mystery-packs',
  '/LOT',
  '/offers',
  '/about-us',
  '/contact-us',
  '/contact',
  '/coming-soon',
  '/cart',
  '/admin-login',
  '/admin-dashboard',
  '/accessibility',
  '/privacy',
  '/cookies',
  '/terms',
  '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks',
  '/player/Giannis%20Antetokounmpo',
];

/** A guard against a route that hangs, not a speed check (decision 073). */
const ROUTE_TIMEOUT_MS = 20_000;

// One page walks every route, a step each: a fresh page per route cost Chromium a new context and
// renderer each time, more than the route's own check (decision 109). Each step has its own time
// and timeout and names its route; the checks are soft, so a route that answers wrongly does not
// hide the routes after it. A route that hangs or fails to load ends the walk there.
test('every route answers inside the shop layout @smoke', async ({ page }) => {
  test.setTimeout(ROUTES.length * ROUTE_TIMEOUT_MS);
  for (const route of ROUTES) {
    await test.step(
      route,
      async () => {
        const response = await page.goto(route);
        expect.soft(response?.status(), route).toBe(200);
        await expect.soft(page.getByRole('link', { name: 'Αρχική σελίδα' }).first(), route).toBeVisible();
        await expect.soft(page.locator('html'), route).toHaveAttribute('lang', 'el');
        // Signed out, the dashboard replaces itself with the login page: let it finish before the
        // next route, or that navigation is aborted mid-way.
        if (route === '/admin-dashboard') await expect(page).toHaveURL(/\/admin-login$/);
      },
      { timeout: ROUTE_TIMEOUT_MS },
    );
  }
});

test('a product page opens by variant id and by product id; an unknown one says so @smoke', async ({
  page,
}) => {
  await page.goto('/');
  const first = page.getByTestId('recently-added').getByRole('link').first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/product/gid%3A%2F%2F${idNamespace}%2FProductVariant%2F\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const response = await page.goto(`/product/${encodeURIComponent(`gid://${idNamespace}/Product/999999`)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Το προϊόν δεν βρέθηκε' })).toBeVisible();
});

test('player pages follow the spec rules; an unknown player shows nothing @smoke', async ({ page }) => {
  const response = await page.goto('/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks');
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Giannis Antetokounmpo | Milwaukee Bucks' }),
  ).toBeVisible();
  const cards = page.getByTestId('player-cards').getByRole('link');
  await expect(cards.first()).toBeVisible();
  for (const title of await cards.allTextContents()) {
    expect(title.toLowerCase()).toContain('giannis antetokounmpo');
    expect(title).toContain('Milwaukee Bucks');
  }

  // Not in any category: nothing is shown, and the answer is 404.
  const unknown = await page.goto('/player/Nobody%20Special/Milwaukee%20Bucks');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId('player-cards')).toHaveCount(0);
});

test('the storefront build state is an admin API: refused without a session, readable with one', async ({
  request,
  baseURL,
}) => {
  const anonymous = await request.get('/api/admin/storefront');
  expect(anonymous.status()).toBe(401);
  const forged = await request.get('/api/admin/storefront', {
    headers: { cookie: 'shop_admin_session=forged' },
  });
  expect(forged.status()).toBe(403);

  const wrong = await request.post('/api/session', {
    data: await signInBody('admin@example.com', 'not-the-password'),
  });
  expect(wrong.status()).toBe(401);
  const signIn = await request.post('/api/session', { data: await signInBody() });
  expect(signIn.status()).toBe(200);
  const state = await request.get('/api/admin/storefront');
  expect(state.status()).toBe(200);
  const body = (await state.json()) as {
    state: string;
    current: { status: string } | null;
    lastSuccessAt: string | null;
  };
  expect(['up_to_date', 'stale', 'building']).toContain(body.state);
  expect(body.current?.status).toBe('succeeded');
  expect(body.lastSuccessAt).not.toBeNull();

  // Sign-out ends the session on the server: the old token no longer opens anything.
  const token = (await request.storageState()).cookies.find(
    (cookie) => cookie.name === 'shop_admin_session',
  )?.value;
  expect(token).toBeTruthy();
  await request.delete('/api/session', { headers: { origin: String(baseURL) } });
  expect((await request.get('/api/admin/storefront')).status()).toBe(401);
  const replayed = await request.get('/api/admin/storefront', {
    headers: { cookie: `shop_admin_session=${token}` },
  });
  expect(replayed.status()).toBe(403);
});

test('robots.txt points at a sitemap that lists pages, products and players @hosted', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin-dashboard');
  const sitemapUrl = /Sitemap: (\S+)/.exec(robots)?.[1] ?? '';
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  expect(xml).toContain('/singles</loc>');
  expect(xml).toMatch(new RegExp(`/product/gid%3A%2F%2F${idNamespace}%2FProductVariant%2F\\d+</loc>`));
  expect(xml).toContain('/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks</loc>');
});
