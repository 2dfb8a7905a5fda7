import { describe, expect, it } from 'vitest';
import {
  buildSitemaps,
  latestDate,
  SITEMAP_MAX_URLS,
  type SitemapEntry,
  sitemapPartCount,
} from '../../../src/domain/seo/sitemap.ts';

const SITE = 'https://shop.example';
const entries = (count: number): SitemapEntry[] =>
  Array.from({ length: count }, (_, index) => ({
    path: `/product/${index}`,
    lastmod: `2026-11-${String((index % 28) + 1).padStart(2, '0')}`,
  }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('buildSitemaps', () => {
  it('writes one urlset with a lastmod for every page while they fit, escaping XML', () => {
    const { root, parts } = buildSitemaps(
      [
        { path: '/', lastmod: '2026-11-22' },
        { path: '/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion', lastmod: '2026-11-20' },
        { path: '/singles?category=NBA&team=Boston+Celtics', lastmod: '2026-11-21' },
      ],
      SITE,
    );
    expect(parts).toEqual([]);
    expect(root).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(root)).toEqual([
      'https://shop.example/',
      'https://shop.example/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion',
      'https://shop.example/singles?category=NBA&amp;team=Boston+Celtics',
    ]);
    expect(root.match(/<lastmod>/g)).toHaveLength(3);
  });

  it('keeps exactly 50,000 URLs in one file', () => {
    const { root, parts } = buildSitemaps(entries(SITEMAP_MAX_URLS), SITE);
    expect(parts).toEqual([]);
    expect(locs(root)).toHaveLength(SITEMAP_MAX_URLS);
  });

  it('splits into a sitemap index above 50,000 URLs, every URL in exactly one part', () => {
    const all = entries(SITEMAP_MAX_URLS * 2 + 1);
    const { root, parts } = buildSitemaps(all, SITE);
    expect(root).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(root).not.toContain('<urlset');
    expect(locs(root)).toEqual([
      'https://shop.example/sitemap-1.xml',
      'https://shop.example/sitemap-2.xml',
      'https://shop.example/sitemap-3.xml',
    ]);
    expect(parts.map((part) => locs(part).length)).toEqual([SITEMAP_MAX_URLS, SITEMAP_MAX_URLS, 1]);
    expect(sitemapPartCount(all)).toBe(parts.length);
    expect(parts.flatMap(locs)).toEqual(all.map((entry) => `${SITE}${entry.path}`));
    // Each part's lastmod in the index is the newest of its pages.
    expect(root.match(/<lastmod>([^<]+)<\/lastmod>/g)).toEqual([
      '<lastmod>2026-11-28</lastmod>',
      '<lastmod>2026-11-28</lastmod>',
      `<lastmod>${all.at(-1)?.lastmod}</lastmod>`,
    ]);
  });
});

describe('sitemapPartCount', () => {
  it('counts the parts buildSitemaps makes', () => {
    for (const count of [0, 1, 10, 11, 20, 21]) {
      const some = entries(count);
      expect(sitemapPartCount(some, 10)).toBe(buildSitemaps(some, SITE, 10).parts.length);
    }
  });
});

describe('latestDate', () => {
  it('is the latest date, or the fallback when none is later', () => {
    expect(latestDate(['2026-11-02', '2026-11-20', '2026-10-30'])).toBe('2026-11-20');
    expect(latestDate(['2026-11-02T10:00:00Z', '2026-11-02T09:00:00Z'], '2026-01-01')).toBe(
      '2026-11-02T10:00:00Z',
    );
    expect(latestDate(['2026-11-02'], '2026-12-01')).toBe('2026-12-01');
    expect(latestDate([], 'none')).toBe('none');
    expect(latestDate([])).toBe('');
  });
});
