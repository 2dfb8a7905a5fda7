import type { APIRoute } from 'astro';

/** Crawlers may read the shop, not the admin, the cart, checkout, order or stock-alert link pages. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /admin-login',
      'Disallow: /admin-reset-password',
      'Disallow: /admin-dashboard',
      'Disallow: /api/',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /order/',
      'Disallow: /live/',
      'Disallow: /stock-alerts/',
      `Sitemap: ${new URL('/sitemap.xml', site).href}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
