import type { APIRoute, GetStaticPaths } from 'astro';
import { buildSitemaps } from '../domain/sitemap.ts';
import { getContainer } from '../server/container.ts';
import { sitemapEntries } from '../server/sitemap-entries.ts';

// The parts of a sitemap too large for one file (none until the shop passes 50,000 pages).
export const getStaticPaths = (async () => {
  const { parts } = buildSitemaps(await sitemapEntries(getContainer()), 'http://localhost');
  return parts.map((_, index) => ({ params: { part: String(index + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const { parts } = buildSitemaps(await sitemapEntries(getContainer()), String(site));
  const body = parts[Number(params.part) - 1];
  if (body === undefined) return new Response('Not found', { status: 404 });
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
