import type { APIRoute } from 'astro';
import { storefrontSitemaps } from '../server/catalog/sitemap-entries.ts';
import { getContainer } from '../server/container.ts';

/** Every indexable page, or above 50,000 of them the index of the parts; rebuilt with the storefront. */
export const GET: APIRoute = async ({ site }) => {
  const { root } = await storefrontSitemaps(getContainer(), String(site));
  return new Response(root, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
