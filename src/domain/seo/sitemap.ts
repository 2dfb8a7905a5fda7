/**
 * sitemaps.org files from a list of pages: one `urlset` while the pages fit in one file, else a
 * `sitemapindex` at /sitemap.xml pointing at numbered parts (decision 044).
 */

/** The protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapEntry = {
  /** Path and query, as the pages link it. */
  path: string;
  /** W3C date (YYYY-MM-DD) of the page's last change. */
  lastmod: string;
};

export type Sitemaps = {
  /** What /sitemap.xml answers: every URL, or the index of the parts. */
  root: string;
  /** The parts, in order: part n is served at `partPath(n)` (1-based). Empty when one file holds all. */
  parts: string[];
};

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;

function urlset(entries: readonly SitemapEntry[], site: string): string {
  return [
    XML_HEAD,
    `<urlset xmlns="${NS}">`,
    ...entries.map(
      (entry) =>
        `<url><loc>${escapeXml(new URL(entry.path, site).href)}</loc><lastmod>${entry.lastmod}</lastmod></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
}

/** The latest of some W3C dates (they sort as text), or `fallback` when none is later. */
export function latestDate(dates: Iterable<string>, fallback = ''): string {
  let latest = fallback;
  for (const date of dates) if (date > latest) latest = date;
  return latest;
}

const newest = (entries: readonly SitemapEntry[]) => latestDate(entries.map((entry) => entry.lastmod));

/** How many parts `buildSitemaps` splits these entries into (none when one file holds all). */
export const sitemapPartCount = (entries: readonly SitemapEntry[], maxUrls: number = SITEMAP_MAX_URLS) =>
  entries.length <= maxUrls ? 0 : Math.ceil(entries.length / maxUrls);

export function buildSitemaps(
  entries: readonly SitemapEntry[],
  site: string,
  maxUrls: number = SITEMAP_MAX_URLS,
): Sitemaps {
  if (entries.length <= maxUrls) return { root: urlset(entries, site), parts: [] };
  const chunks: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length; start += maxUrls)
    chunks.push(entries.slice(start, start + maxUrls));
  const root = [
    XML_HEAD,
    `<sitemapindex xmlns="${NS}">`,
    ...chunks.map(
      (chunk, index) =>
        `<sitemap><loc>${escapeXml(new URL(sitemapPartPath(index + 1), site).href)}</loc><lastmod>${newest(chunk)}</lastmod></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
  return { root, parts: chunks.map((chunk) => urlset(chunk, site)) };
}
