import type { APIRoute } from 'astro';
import { productPath } from '../domain/product-id.ts';
import { getContainer } from '../server/container.ts';
import { storefrontCategories, storefrontProducts } from '../server/storefront-data.ts';

const PAGES = [
  '/',
  '/singles',
  '/mystery-packs',
  '/LOT',
  '/offers',
  '/about-us',
  '/contact-us',
  '/coming-soon',
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

/** Every storefront page, product and player, rebuilt with the storefront after each change. */
export const GET: APIRoute = async ({ site }) => {
  const container = getContainer();
  const [products, categories] = await Promise.all([
    storefrontProducts(container),
    storefrontCategories(container),
  ]);
  const players = categories.flatMap((category) =>
    category.teams.flatMap((team) =>
      team.players.map(
        (player) => `/player/${encodeURIComponent(player.name)}/${encodeURIComponent(team.name)}`,
      ),
    ),
  );
  const entries = [
    ...PAGES.map((path) => ({ path, lastmod: null as string | null })),
    ...products.map((product) => ({ path: productPath(product), lastmod: product.updatedAt.slice(0, 10) })),
    ...players.map((path) => ({ path, lastmod: null })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      ({ path, lastmod }) =>
        `<url><loc>${escapeXml(new URL(path, site).href)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
