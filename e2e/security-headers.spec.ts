import { expect, test } from './fixtures/test.ts';

/** The headers the server adds to every response, pre-rendered or on demand (src/server/http/security-headers.ts). */
test.describe('security headers', () => {
  test('a storefront page: hashed CSP, framed only by the shop, nosniff, referrer and permissions policy', async ({
    request,
  }) => {
    const response = await request.get('/');
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toMatch(/frame-ancestors 'self'$/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // SITE_URL is http here: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await request.get('/')).headers()['x-request-id']).not.toBe(headers['x-request-id']);
  });

  test('the dashboard and sign-in may not be framed or cached', async ({ request }) => {
    for (const path of ['/admin-dashboard', '/admin-login']) {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'$/);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['cache-control'], path).toBe('no-store');
    }
  });

  test('API answers are never cached but the public catalogue queries, and an on-demand page carries its own hashed policy', async ({
    request,
  }) => {
    for (const path of ['/api/health', '/api/cart', '/api/admin/orders']) {
      const headers = (await request.get(path)).headers();
      expect(headers['cache-control'], path).toBe('no-store');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
    }
    // The same for everyone: a shared cache may keep them, asking again each time (decision 054).
    for (const path of ['/api/search?q=jordan', '/api/products?sort=price_desc']) {
      const headers = (await request.get(path)).headers();
      expect(headers['cache-control'], path).toBe('public, max-age=0, must-revalidate');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
    }
    const product = await request.get('/product/gid%3A%2F%2Fshop%2FProduct%2F1');
    expect(product.headers()['content-security-policy']).toMatch(
      /script-src 'self'( 'sha256-[^']+')+;.*frame-ancestors 'self'$/,
    );
  });

  test('the browser refuses an injected inline script, and the e2e fixture sees the violation', async ({
    page,
    cspViolations,
  }) => {
    await page.goto('/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return Boolean((window as unknown as { __injected?: boolean }).__injected);
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    // Expected here, and only here: the fixture would fail any other test that saw one.
    cspViolations.length = 0;
  });
});
