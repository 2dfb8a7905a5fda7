import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapPartCount } from '../domain/seo/sitemap.ts';
import { sitemapEntries, storefrontSitemaps } from '../server/catalog/sitemap-entries.ts';
import { getContainer } from '../server/container.ts';

// The parts of a sitemap too large for one file (none until the shop passes 50,000 pages).
export const getStaticPaths = (async () => {
  const count = sitemapPartCount(await sitemapEntries(getContainer()));
  return Array.from({ length: count }, (_, index) => ({ params: { part: String(index + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const { parts } = await storefrontSitemaps(getContainer(), String(site));
  const body = parts[Number(params.part) - 1];
  if (body === undefined) return new Response('Not found', { status: 404 });
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
